# The copy module in Plank.

class Error(Exception):
    pass


def copy(x):
    if isinstance(x, list):
        return list(x)
    if isinstance(x, dict):
        return dict(x)
    if isinstance(x, set):
        return set(x)
    if hasattr(x, '__copy__'):
        return x.__copy__()
    if hasattr(x, '__dict__') and not isinstance(x, type):
        cls = type(x)
        y = cls.__new__(cls)
        for k, v in x.__dict__.items():
            setattr(y, k, v)
        return y
    return x


def deepcopy(x, memo=None):
    if memo is None:
        memo = {}
    key = id(x)
    if key in memo:
        return memo[key]
    if isinstance(x, list):
        y = []
        memo[key] = y
        for item in x:
            y.append(deepcopy(item, memo))
        return y
    if isinstance(x, tuple):
        return tuple(deepcopy(item, memo) for item in x)
    if isinstance(x, dict):
        y = {}
        memo[key] = y
        for k, v in x.items():
            y[deepcopy(k, memo)] = deepcopy(v, memo)
        return y
    if isinstance(x, set):
        return set(deepcopy(item, memo) for item in x)
    if hasattr(x, '__deepcopy__'):
        return x.__deepcopy__(memo)
    if hasattr(x, '__dict__') and not isinstance(x, type) and not callable(x):
        cls = type(x)
        y = cls.__new__(cls)
        memo[key] = y
        for k, v in x.__dict__.items():
            setattr(y, k, deepcopy(v, memo))
        return y
    return x
