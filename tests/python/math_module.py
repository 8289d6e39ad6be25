# math: functions and constants as CPython's (repr of floats included).
import math

print(math.pi, math.e, math.tau, math.inf, -math.inf, math.isnan(math.nan))
print(math.sqrt(2), math.exp(1.5), math.log(100, 10), math.log2(1024), math.log10(0.001), math.log1p(1e-10))
print(math.sin(1), math.cos(1), math.tan(1), math.atan2(1, -1), math.hypot(3, 4), math.degrees(math.pi))
print(math.floor(-2.5), math.ceil(-2.5), math.trunc(-2.7), math.floor(10 ** 20 + 0.5), type(math.floor(2.0)).__name__)
print(math.factorial(30), math.gcd(2 ** 70, 6 ** 30), math.lcm(4, 6), math.comb(50, 25), math.perm(10, 3), math.isqrt(10 ** 30 + 1))
print(math.fsum([0.1] * 10), sum([0.1] * 10), math.prod([1, 2, 3, 4]), math.copysign(3, -0.0), math.fabs(-2))
print(math.isclose(1.0, 1.0 + 1e-10), math.isfinite(1e308 * 10), math.modf(-3.25), math.frexp(12.0), math.ldexp(0.75, 4))
print(math.fmod(-7, 3), -7 % 3, math.pow(2, 0.5), math.dist((0, 0), (3, 4)), math.remainder(7, 4))
for bad in [lambda: math.sqrt(-1), lambda: math.log(0), lambda: math.factorial(-1)]:
    try:
        bad()
    except ValueError as e:
        print("ValueError", e)
try:
    math.exp(1000)
except OverflowError as e:
    print("OverflowError", e)
print(round(2.5), round(3.5), round(-0.5), round(2.675, 2), round(1234, -2), round(1e300), round(0.1 + 0.2, 10))
