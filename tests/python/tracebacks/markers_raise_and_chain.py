# `raise` is a statement: no markers when it fills the line, markers under it
# when it shares the line; both tracebacks of a chain carry their markers.


class MissingBlock(Exception):
    pass


def lookup(world, key):
    try:
        return world[key][0]
    except KeyError as e:
        if key: raise MissingBlock(f"no {key}") from e


def mine(world):
    block = lookup(world, "stone")
    return block


print(lookup({"dirt": [3]}, "dirt"))
mine({"dirt": [3]})
