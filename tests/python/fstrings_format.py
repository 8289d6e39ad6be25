# f-strings with conversions, format specs, nesting; format() and str.format.
name, pi, n = "Ada", 3.14159265, 1234567
print(f"{name!r} {name!s} {name:>8}|{name:<8}|{name:^9}|{name:*^9}|")
print(f"{pi:.2f} {pi:10.3f} {pi:<10.1f}| {pi:e} {pi:.3E} {pi:g} {pi:%} {pi:.1%}")
print(f"{n:,} {n:_} {n:08d} {n:+d} {-n: d} {n:x} {n:X} {n:#o} {n:#b} {255:#06x}")
print(f"{1e20:g} {1.5e-7:g} {100000.0:g} {1e16:.3g} {0.0001:g} {123.456:.2g}")
width, prec = 10, 3
print(f"{pi:{width}.{prec}f}|{'x':{'>'}{width}}|")
print(f"{n=} {pi=:.2f} {name=!s}")
print(f"{{literal}} {'{'} {3 + 4} {[1, 2][0]} {dict(a=1)['a']}")
print(format(0.1 + 0.2), format(1 / 3, ".5f"), format(42, "b"), format("s", "^5"))
print("{} {}".format(1, 2), "{1} {0}".format("a", "b"), "{x} {y:>4}".format(x=1, y=2))
print("{0.real} {1[1]} {2!r}".format(5, [7, 8], "q"), "{:>{}}".format("w", 4))
print(f"{True} {None} {1.0} {-0.0} {float('inf')} {2.5:.0f} {3.5:.0f} {1e300 * 1e10}")
print("%5.2f|%-6s|%03d|%x|%r|%c" % (2.345, "ab", 7, 255, "z", 65))
print(f"{'nested ' + f'{1 + 1}'}", f"{3.0:>{2 + 4}}")
