# An AssertionError is raised at the assertion's test, which is marked
# (the statement keyword and the message are not).


class Stack:
    def __init__(self):
        self.items = []

    def pop(self):
        assert self.items, f"pop from an empty stack of {len(self.items)}"
        return self.items.pop()


s = Stack()
s.items.append("block")
print(s.pop())
print(s.pop())
