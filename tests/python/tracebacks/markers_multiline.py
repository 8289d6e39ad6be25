# An expression written over several lines: the frame's line is the line
# where the failing part starts, marked to the end of that line (3.11), and
# not at all when that part begins the line.


def combine(a, b):
    return a - b


def build(n):
    width = combine(n,
                    n)
    height = (width +
              combine(n, "tall"))
    return height


print(build(3))
