# Reading a local before it is assigned, after `del`, or the name of an
# `except ... as name` after its handler: UnboundLocalError (a NameError);
# an unbound global or free variable: NameError.


def report(f, *args):
    try:
        print(f.__name__, "->", f(*args))
    except UnboundLocalError as e:
        print(f.__name__, "UnboundLocalError:", e, isinstance(e, NameError))
    except NameError as e:
        print(f.__name__, "NameError:", e)


def before_assignment():
    y = x + 1
    x = 2
    return y


def assigned_in_one_branch(flag):
    if flag:
        v = "set"
    return v


def after_del():
    z = [1, 2]
    del z
    return z


def del_unbound():
    del w
    w = 1


def loop_variable_of_empty_loop():
    for i in range(0):
        pass
    return i


def loop_variable_after_loop():
    for i in range(3):
        pass
    return i


def shadowed_global():
    total = 0
    def inner():
        total = total + 1
        return total
    return inner()


counter = 10


def global_read_before_local():
    print(counter)
    counter = 1


def except_name_after_handler():
    try:
        raise ValueError("boom")
    except ValueError as err:
        print("in handler:", err)
    return err


def except_name_after_break():
    for k in range(2):
        try:
            raise KeyError(k)
        except KeyError as exc:
            break
    return exc


def except_name_after_continue():
    for k in range(2):
        try:
            raise KeyError(k)
        except KeyError as exc2:
            continue
    return exc2


def except_name_rebound_after():
    try:
        1 / 0
    except ZeroDivisionError as e:
        pass
    e = "rebound"
    return e


def assigned_in_try(fail):
    try:
        if fail:
            raise RuntimeError("early")
        value = 5
    except RuntimeError:
        pass
    return value


def while_loop_late_binding(n):
    out = []
    while n > 0:
        if n < 3:
            out.append(last)
        last = n
        n -= 1
    return out


def unbound_cell():
    def get():
        return captured
    r = get
    try:
        print(r())
    except NameError as e:
        print(type(e).__name__, e)
    captured = "now bound"
    return r()


def read_own_cell_before_assignment():
    def use():
        return cell_var
    print(cell_var)
    cell_var = 1
    return use


def deleted_cell():
    def use():
        return dc
    dc = 3
    print(use())
    del dc
    return use()


def walrus_in_untaken_branch(xs):
    if xs and (n := len(xs)) > 10:
        pass
    return n


def comprehension_reads_unbound():
    return [q for _ in range(1)] if False else [late for _ in range(1)]
    late = 1


def generator_unbound():
    yield 1
    yield g_value
    g_value = 2


def augmented_unbound():
    acc += 1
    acc = 0


def deleted_in_loop():
    out = []
    for k in range(3):
        t = k
        out.append(t)
        if k == 1:
            del t
    return out, t


report(before_assignment)
report(assigned_in_one_branch, True)
report(assigned_in_one_branch, False)
report(after_del)
report(del_unbound)
report(loop_variable_of_empty_loop)
report(loop_variable_after_loop)
report(shadowed_global)
report(global_read_before_local)
report(except_name_after_handler)
report(except_name_after_break)
report(except_name_after_continue)
report(except_name_rebound_after)
report(assigned_in_try, False)
report(assigned_in_try, True)
report(while_loop_late_binding, 2)
report(while_loop_late_binding, 5)
report(unbound_cell)
report(read_own_cell_before_assignment)
report(deleted_cell)
report(walrus_in_untaken_branch, [1])
report(walrus_in_untaken_branch, [])
report(comprehension_reads_unbound)
report(augmented_unbound)
report(deleted_in_loop)
gen = generator_unbound()
print(next(gen))
try:
    next(gen)
except UnboundLocalError as e:
    print("generator:", e)
try:
    print(undefined_global)
except NameError as e:
    print(type(e).__name__, e)
try:
    1 / 0
except ZeroDivisionError as module_err:
    pass
try:
    print(module_err)
except NameError as e:
    print(type(e).__name__, e)
x_global = 1
del x_global
try:
    print(x_global)
except NameError as e:
    print(type(e).__name__, e)
