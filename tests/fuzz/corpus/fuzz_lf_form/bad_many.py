{'dialogue_type': 'HUMAN_GIVE_COMMAND',
 'action_sequence': [{'action_type': 'DESTROY',
                      'reference_object': {'has_colur': [0, [2, 2]], 'has_name': [0, [3, 4]]},
                      'schematic': {'has_name': [0, [3, 3]]}}]}
