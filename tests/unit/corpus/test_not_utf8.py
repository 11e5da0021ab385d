"""A record that is not UTF-8 (Latin-1, say) is named with the first bad byte's line, column and
offset, so it can be found. Before: "ADM-0001.txt: not UTF-8 text" and nothing more."""

import shutil

import pytest

from kit.corpus import load


@pytest.mark.parametrize("bom", [b"", b"\xef\xbb\xbf"], ids=["plain", "with a byte-order mark"])
def test_a_latin1_record_is_named_with_where_it_breaks(tmp_path, bom):
    folder = tmp_path / "mine"
    shutil.copytree(load.shipped_folder(), folder)
    path = folder / "ADM-0003.txt"
    lines = path.read_text(encoding="utf-8").split("\n")
    lines[6] = lines[6][:12] + "Caf\u00e9 " + lines[6][12:]  # an e-acute at column 16 of line 7
    path.write_bytes(bom + "\n".join(lines).encode("latin-1"))
    offset = len(bom) + sum(len(line) + 1 for line in lines[:6]) + 15
    with pytest.raises(load.CorpusError) as err:
        load.load(folder)
    assert (
        f"ADM-0003.txt: not UTF-8 text: byte 0xe9 at line 7, column 16 (byte {offset} of the file)"
        in str(err.value)
    )
