from watan.launch import main

main()
