from watan.cli.launch import main

main()
