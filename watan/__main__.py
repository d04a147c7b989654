from watan.cli.launch import run

run()
