# A failing format inside an f-string: 3.11 marks the whole f-string, while
# an operation inside a replacement field is marked where it is written.


def row(name, count):
    label = f"{name!r:>8}"
    return f"{label}: {count:5d} blocks"


print(row("log", 3))
print(row("plank", "many"))
