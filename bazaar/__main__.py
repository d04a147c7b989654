from bazaar.cli import main

main(prog_name="bazaar")
