# f-strings: nested format specs, conversions, = debugging, width/precision/alignment, numbers.
width, prec = 10, 3
value = 3.14159265
name = "plank"
print(f"{value:{width}.{prec}f}|{value:<{width}.2e}|{value:^+12.4g}|")
print(f"{name!r:>10}|{name!s:_<8}|{name!a}|{'é'!a}")
print(f"{value=}, {name = }, {1 + 1=}")
print(f"{12345678:,}|{12345678:_x}|{255:#010b}|{-42:08d}|{42:+}|{0.000123:.2%}|{1e20:g}|{1.5:n}")
print(f"{'{'}{{}}{'}'}", f"{'nested {}'.format(1)}", f"{[1, 2][::-1]}", f"{ {'a': 1}['a'] }")
print(f"{3:*^9}", f"{-3.5:010.2f}", f"{2 ** 100:e}", f"{2 ** 100:,}", f"{True:d}", f"{'abc':.2}")
print("{0:>5}|{1:<5}|{0}".format("x", "y"), "{name}-{n:03}".format(name="a", n=7), "%5.1f|%-4s|%x" % (2.25, "ab", 255))
print(format(1234.5678, ".2f"), format(0.5, "%"), format(-0.0, "f"), format(float("nan"), "5"), format(1e-7))
