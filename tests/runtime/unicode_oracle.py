# python3's answers for every code point, for tests/runtime/unicode_test.cpp.
# First line: the Unicode version. Then one line per code point whose answers
# differ from a plain symbol's ("cp bits upper lower"; bits: 1 alpha, 2 digit,
# 4 alnum, 8 space, 16 'AΣc'.lower() keeps the final sigma ς (c is not cased
# and not case-ignorable), 32 'AcΣ'.lower() ends in ς (c is cased or
# case-ignorable); upper/lower are code points in hex joined by '.').
import sys
import unicodedata

out = [unicodedata.unidata_version]
for cp in range(0x110000):
    if 0xD800 <= cp <= 0xDFFF:
        continue
    c = chr(cp)
    bits = (c.isalpha() | c.isdigit() << 1 | c.isalnum() << 2 | c.isspace() << 3
            | (('A\u03a3' + c).lower()[1] == '\u03c2') << 4
            | (('A' + c + '\u03a3').lower()[-1] == '\u03c2') << 5)
    up, lo = c.upper(), c.lower()
    if bits == 16 and up == c and lo == c:
        continue
    out.append('%x %d %s %s' % (cp, bits, '.'.join('%x' % ord(x) for x in up), '.'.join('%x' % ord(x) for x in lo)))
sys.stdout.write('\n'.join(out) + '\n')
