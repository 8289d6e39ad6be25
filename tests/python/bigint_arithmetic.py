# Arbitrary-precision ints: CPython's results for arithmetic, division, powers, bits, conversions.
a = 2 ** 100
b = -(3 ** 70)
print(a, b, a + b, a - b, a * b)
print(a // 7, a % 7, b // 7, b % 7, -a // -7, divmod(b, 1000000007))
print(a // b, a % b, b // a, b % a)
print(a / 3, b / a, 10 ** 30 / 10 ** 10)
print(pow(3, 200, 10 ** 9 + 7), pow(2, -1), pow(7, 1000) % 13)
print(a >> 3, a << 10, b >> 5, ~a, a & (2 ** 64 - 1), a | 1, a ^ b)
print(int("123456789012345678901234567890"), int("-0x1f", 16), int("  42  "), int("1_000"))
print(hex(a), oct(b), bin(2 ** 70 + 5))
print(float(a), float(2 ** 1023), int(1e30), int(-2.5e20))
print(abs(b), -a, a == 2.0 ** 100, a > 1e30, b < -1e33, hash(2 ** 64) == hash(2 ** 64))
print(sum(range(10 ** 10, 10 ** 10 + 5)), max(2 ** 80, 3 ** 50), min(-2 ** 80, 0))
print(sorted([2 ** 65, -5, 3, 2 ** 64]))
print(str(10 ** 50), len(str(7 ** 300)), repr(-(10 ** 25)))
print(f"{2**70:,}", f"{2**70:x}", f"{-(2**70):>30}", "%d %x" % (2 ** 70, 2 ** 70))
n = 1
for i in range(1, 40):
    n *= i
print(n, n.bit_length(), (2 ** 64).to_bytes(9, "big"), int.from_bytes(b"\x01\x00", "little"))
print(9223372036854775807 + 1, -9223372036854775808 - 1, 9223372036854775807 * 2, (-9223372036854775808) // -1)
print(round(2 ** 70 + 7, -3), 12345678901234567890123 % 1000)
