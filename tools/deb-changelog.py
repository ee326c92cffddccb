#!/usr/bin/python3
"""The Debian changelog of the package, made from the metainfo's <releases> (their notes are written once, there).

    tools/deb-changelog.py REPO MAINTAINER   prints the changelog (tools/make-deb.sh gzips it into the package)
    tools/deb-changelog.py --check REPO      fails unless VERSION and the newest <release> say the same version
                                             (meson test 'version-agrees', so `make test` catches a bump made in one)
"""

import email.utils
import sys
import textwrap
import xml.etree.ElementTree as ET
from datetime import datetime, timezone

APP_ID = "io.gitee.Mayun"
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"


def read_version(repo):
    with open(f"{repo}/VERSION") as f:
        return f.read().strip()


def releases(repo):
    """(version, date, [(kind, note), ...]) newest first, as AppStream orders them; English notes only, kind "p" or
    "li"."""
    root = ET.parse(f"{repo}/data/{APP_ID}.metainfo.xml").getroot()
    found = []
    for release in root.iter("release"):
        notes = []
        description = release.find("description")
        for element in description.iter() if description is not None else []:
            if element.tag in ("p", "li") and XML_LANG not in element.attrib:
                notes.append((element.tag, " ".join("".join(element.itertext()).split())))
        found.append((release.get("version"), release.get("date"), notes))
    return found


def changelog(repo, maintainer):
    entries = []
    for version, date, notes in releases(repo):
        when = datetime.strptime(date, "%Y-%m-%d").replace(hour=12, tzinfo=timezone.utc)
        lines = [f"mayun ({version}) unstable; urgency=medium", ""]
        for kind, note in notes:  # a paragraph is a bullet, a list item under one is a dash below it
            indent = "    - " if kind == "li" and notes[0][0] == "p" else "  * "
            lines += textwrap.wrap(note, width=78, initial_indent=indent, subsequent_indent=" " * len(indent))
        lines += ["", f" -- {maintainer}  {email.utils.format_datetime(when)}", ""]
        entries.append("\n".join(lines))
    return "\n".join(entries)


def main(argv):
    if len(argv) == 3 and argv[1] == "--check":
        version, newest = read_version(argv[2]), releases(argv[2])[0][0]
        if version != newest:
            sys.exit(f"VERSION says {version}, the metainfo's newest <release> says {newest}: write the release's notes "
                     f"in data/{APP_ID}.metainfo.xml (or bump VERSION)")
        print(f"VERSION and the metainfo's newest release agree: {version}")
    elif len(argv) == 3:
        sys.stdout.write(changelog(argv[1], argv[2]))
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
