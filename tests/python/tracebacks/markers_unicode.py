# A line holding non-ASCII characters: markers count characters, not bytes.


def label(n):
    return "größe " + n


names = ["ü", "é"]
print(label("3"), names)
print("→", label(4))
