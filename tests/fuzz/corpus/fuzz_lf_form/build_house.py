{
    'dialogue_type': 'HUMAN_GIVE_COMMAND',
    'action_sequence': [
        {
            'action_type': 'BUILD',
            'schematic': {'has_colour': [0, [2, 2]], 'has_name': [0, [3, 3]]},
            'location': {
                'location_type': 'REFERENCE_OBJECT',
                'relative_direction': 'NEAR',
                'reference_object': {'has_name': [0, [7, 7]]},
            },
        },
    ],
}
