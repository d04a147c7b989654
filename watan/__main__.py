from watan.cli import main

main()
