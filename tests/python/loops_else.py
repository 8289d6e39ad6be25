# for/while ... else: the else runs when the loop was not broken out of.


def find(xs, target):
    for i, x in enumerate(xs):
        if x == target:
            print("found at", i)
            break
    else:
        print("not found")


find([1, 2, 3], 2)
find([1, 2, 3], 9)
find([], 1)
n = 0
while n < 3:
    n += 1
else:
    print("while done", n)
while True:
    break
else:
    print("never")
for i in range(3):
    for j in range(3):
        if i == j == 1:
            break
    else:
        continue
    print("broke inner at", i, j)
    break


def early_return():
    for x in range(5):
        if x == 2:
            return x
    else:
        return -1


print(early_return())
for i in range(2):
    try:
        continue
    finally:
        print("finally", i)
else:
    print("else after continue")
