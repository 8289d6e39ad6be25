# A module runs as __main__: the guard idiom, module globals, __name__ of classes and functions.


def main():
    print("main ran", __name__)


class Widget:
    pass


print(__name__, Widget.__module__, main.__module__, main.__qualname__, Widget.__qualname__)
print(repr(Widget)[:8], str(Widget()).startswith("<__main__.Widget object at"))
if __name__ == "__main__":
    main()
else:
    print("imported")
