#!/usr/bin/env python3
"""scripts/fuzz-campaign.py --keep chooses what enters tests/fuzz/corpus: libFuzzer's finds
(sha1-named) and never the shared data, neither the seeds cut from it nor inputs derived from
them. Checked on a made-up shared folder and work corpus (no libFuzzer needed: the merge that
follows only drops inputs)."""
import hashlib
import importlib.util
import os
import sys
import tempfile
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
spec = importlib.util.spec_from_file_location("fuzz_campaign", os.path.join(ROOT, "scripts", "fuzz-campaign.py"))
campaign = importlib.util.module_from_spec(spec)
spec.loader.exec_module(campaign)

RECORD = (b'{"id": "r1", "text": "put a red block on top of the blue one, then build a tower of three", '
          b'"logical_form": {"type": "action", "action_type": "build", "schematic": {"colour": "red"}}}\n')


def write(folder, data, name=None):
    name = name or hashlib.sha1(data).hexdigest()
    with open(os.path.join(folder, name), "wb") as f:
        f.write(data)
    return name


class FoundInputs(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.work = os.path.join(self.tmp.name, "work")
        self.kept = os.path.join(self.tmp.name, "kept")
        os.makedirs(self.work)
        os.makedirs(self.kept)
        self.shared = campaign.SharedText([RECORD * 3])

    def tearDown(self):
        self.tmp.cleanup()

    def test_seeds_and_what_derives_from_them_stay_out(self):
        write(self.work, RECORD * 3, "valid-aa")  # the seed itself, by its own name
        write(self.work, RECORD * 3)  # the same bytes found again, sha1-named
        mutated = bytearray(RECORD * 2)
        mutated[150] ^= 0x20
        write(self.work, bytes(mutated))  # a mutation: still mostly the record
        write(self.work, b"x" * 10 + RECORD[20:140] + b"]")  # a 120-byte run of it
        fresh = b'{"id": "z", "logical_form": {"type": "noop"}}'
        write(self.work, fresh)
        short = RECORD[:30] + b"}"  # 30 bytes in a row: a key or two, not the data set
        write(self.work, short)
        write(self.kept, fresh)  # found before and kept: the same input once
        write(self.kept, b"named reproducer", "crash-on-empty-list.json")
        chosen, left_out = campaign.found_inputs([self.kept, self.work], self.shared)
        self.assertEqual(set(chosen), {fresh, short})
        self.assertEqual(left_out, {"derived from the shared data": 3, "named seeds": 2})

    def test_without_shared_data_every_find_is_a_candidate(self):
        write(self.work, RECORD)
        chosen, _ = campaign.found_inputs([self.work], campaign.SharedText([]))
        self.assertEqual(list(chosen), [RECORD])

    def test_shared_seeds_are_cut_as_the_campaign_cuts_them_without_the_repository_corpus(self):
        shared = os.path.join(self.tmp.name, "shared")
        os.makedirs(os.path.join(shared, "data", "caip"))
        with open(os.path.join(shared, "data", "caip", "valid.jsonl"), "wb") as f:
            f.write(RECORD * 45)
        seeds = campaign.shared_seeds("fuzz_lf_json", shared)
        self.assertEqual(seeds, [RECORD * 20, RECORD * 20, RECORD * 5])  # split -l 20
        self.assertEqual(campaign.shared_seeds("fuzz_frontend", shared), [])


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1], verbosity=1)
