# `raise e` of an exception caught earlier adds the raising frame in front
# of its traceback (the frame shows twice), and an exception with no
# message is shown by its type alone.


class Stop(Exception):
    pass


def fail():
    raise Stop


def keep():
    try:
        fail()
    except Stop as e:
        saved = e
    print("saved", repr(saved))
    raise saved


keep()
