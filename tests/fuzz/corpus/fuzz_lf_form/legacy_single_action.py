{'dialogue_type': 'HUMAN_GIVE_COMMAND',
 'action': {'action_type': 'DIG',
            'schematic': {'has_name_': [0, [2, 2]]},
            'location': {'contains_coreference': 'yes'}}}
