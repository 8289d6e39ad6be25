# __future__: every feature it names is how Plank already behaves
# (annotations are never evaluated).
annotations = True
division = True
absolute_import = True
print_function = True
generator_stop = True
