# "During handling of the above exception, another exception occurred":
# a runtime error inside a handler, the first exception raised in a callee.


def lookup(table, key):
    return table[key]


def convert(text):
    try:
        return int(text)
    except ValueError:
        fallback = {"one": 1}
        return lookup(fallback, text)


print(convert("12"))
print(convert("one"))
convert("two")
