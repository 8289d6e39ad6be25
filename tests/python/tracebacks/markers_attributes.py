# Markers under a failing attribute read: `^` under the whole `obj.name`,
# and under a method call in the calling frames.


class Agent:
    def __init__(self, name):
        self.name = name

    def describe(self):
        return "agent " + self.name + " at " + str(self.position)


agents = [Agent("steve"), Agent("alex")]
print(len(agents), "agents")
lines = [a.describe() for a in agents]
