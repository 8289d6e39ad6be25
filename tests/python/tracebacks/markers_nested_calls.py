# Nested calls: each frame marks the call it was in when the exception came
# through; a call that is the whole line gets no markers.


def parse(text):
    return int(text)


def parse_all(texts):
    return [parse(t) for t in texts]


def report(texts):
    values = parse_all(texts)
    return sum(values)


print(report(["1", "2"]))
print("total:", report(["3", "x4"]), "blocks")
