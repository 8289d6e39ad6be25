# A method that cannot be looked up in `obj.name(...)` is marked under
# `obj.name` only (CPython 3.11's LOAD_METHOD), and so is a property that
# raises while it is looked up; an error inside the call marks the whole call
# in the calling frame.


class Robot:
    def __init__(self, name):
        self.name = name

    @property
    def heading(self):
        return self.name.walk(1, "north")

    def move(self, steps):
        return self.heading(steps) + 1


def drive(robot):
    result = robot.move(3)
    return result


robots = [Robot("r1")]
for r in robots:
    try:
        r.missing_method(1)
    except AttributeError as e:
        print("caught:", e)
    print([x.upper() for x in ["a", "b"]])
drive(robots[0])
