# collections: deque, defaultdict, Counter, namedtuple, OrderedDict.
from collections import deque, defaultdict, Counter, namedtuple, OrderedDict

d = deque([1, 2, 3], maxlen=4)
d.append(4)
d.append(5)
d.appendleft(0)
print(d, d.popleft(), d.pop(), len(d), d[0], d[-1])
d.rotate(1)
print(d, list(reversed(d)), 2 in d)
d.extendleft("ab")
print(d)
groups = defaultdict(list)
for word in ["apple", "avocado", "banana", "blueberry", "cherry"]:
    groups[word[0]].append(word)
print(dict(groups), groups["z"], len(groups))
counts = defaultdict(int)
for ch in "mississippi":
    counts[ch] += 1
print(sorted(counts.items()))
c = Counter("abracadabra")
print(c, c.most_common(2), c["z"], sum(c.values()))
c.update("aaz")
print(c["a"], c["z"], (c - Counter("aaaaaa"))["a"], list((Counter(a=2) + Counter(a=1, b=1)).items()))
Point = namedtuple("Point", ["x", "y"])
p = Point(1, y=2)
print(p, p.x + p.y, p._asdict(), p._replace(x=5), Point._fields, tuple(p), p == (1, 2))
x, y = p
print(x, y, Point._make([3, 4]))
od = OrderedDict()
od["b"] = 1
od["a"] = 2
od.move_to_end("b")
print(list(od), od.popitem(last=False))
