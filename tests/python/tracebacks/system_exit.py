# sys.exit with a message: the message on stderr and status 1, no traceback;
# the finally blocks still run.
import sys


def main():
    try:
        print("working")
        sys.exit("fatal: no plan")
    finally:
        print("finally runs")


main()
