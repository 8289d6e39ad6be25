# Single inheritance, super() through several levels, method resolution, class attributes.
class Animal:
    kingdom = "animalia"
    count = 0

    def __init__(self, name):
        self.name = name
        Animal.count += 1

    def speak(self):
        return f"{self.name} makes a sound"

    def describe(self):
        return f"{type(self).__name__}({self.name}): {self.speak()}"


class Dog(Animal):
    def __init__(self, name, tricks=()):
        super().__init__(name)
        self.tricks = list(tricks)

    def speak(self):
        return f"{self.name} barks"


class Puppy(Dog):
    def speak(self):
        return super().speak() + " softly"


for a in [Animal("generic"), Dog("rex", ["sit"]), Puppy("bit")]:
    print(a.describe(), isinstance(a, Animal), isinstance(a, Dog), type(a).__name__)
print(Animal.count, Puppy.kingdom, Dog.__mro__ if False else [c.__name__ for c in Puppy.__mro__])
print(issubclass(Puppy, Animal), issubclass(Animal, Dog))
p = Puppy("z")
p.kingdom = "own"
print(p.kingdom, Puppy.kingdom, Animal.speak(p), p.tricks)
print(hasattr(p, "tricks"), getattr(p, "missing", "default"))
try:
    p.missing
except AttributeError as e:
    print("AttributeError:", e)
