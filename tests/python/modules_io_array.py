import io
from array import array

buf = io.StringIO()
print('a', 1, sep='-', file=buf)
print('b', end='!', file=buf)
print(repr(buf.getvalue()))
r = io.StringIO('one\ntwo\n')
print(r.readline(), r.read())

a = array('i', [1, 2, 3])
a.append(4)
print(a, a[1:3], sum(a), len(a))
d = array('d', [0.5] * 3)
print(d, d.typecode, d.itemsize)
try:
    array('B', [256])
except OverflowError as e:
    print('OverflowError', e)
