"""Copy one file out of a pinned source distribution on the package index pip uses.

Used by `make deps` for build/mpy-lib/ssd1306.py: the MicroPython driver is published on the
index only as an sdist with no setup.py, which `pip download` refuses ("does not appear to be a
Python project"), so this fetches that one archive itself, the way pip would, and checks it
against a pinned SHA-256 before extracting anything.

    python tools/fetch_sdist_file.py PROJECT VERSION FILENAME SHA256 MEMBER OUT
"""

import hashlib
import io
import json
import os
import re
import subprocess
import sys
import tarfile
import urllib.parse
import urllib.request
from html.parser import HTMLParser
from pathlib import Path

SIMPLE_JSON = "application/vnd.pypi.simple.v1+json"


def index_url() -> str:
    """The primary index pip is configured with (PIP_INDEX_URL, pip config, else pip's default)."""
    url = os.environ.get("PIP_INDEX_URL", "")
    if not url:
        got = subprocess.run(
            [sys.executable, "-m", "pip", "config", "get", "global.index-url"],
            capture_output=True, text=True,
        )
        url = got.stdout.strip() if got.returncode == 0 else ""
    if not url:
        from pip._internal.models.index import PyPI  # pip's own default index

        url = PyPI.simple_url
    return url.rstrip("/") + "/"


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.hrefs: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        href = dict(attrs).get("href")
        if tag == "a" and href:
            self.hrefs.append(href)


def file_url(project: str, filename: str) -> str:
    page = urllib.parse.urljoin(index_url(), re.sub(r"[-_.]+", "-", project).lower() + "/")
    request = urllib.request.Request(page, headers={"Accept": SIMPLE_JSON + ", text/html;q=0.1"})
    with urllib.request.urlopen(request, timeout=60) as response:
        body = response.read().decode()
        if response.headers.get_content_type() == SIMPLE_JSON:
            hrefs = [f["url"] for f in json.loads(body)["files"]]
        else:
            parser = _Links()
            parser.feed(body)
            hrefs = parser.hrefs
    for href in hrefs:
        url = urllib.parse.urljoin(page, href)
        if urllib.parse.urlparse(url).path.rsplit("/", 1)[-1] == filename:
            return url.split("#", 1)[0]
    raise SystemExit(f"{filename} is not listed for {project} on the index {index_url()}")


def main(argv: list[str]) -> int:
    if len(argv) != 6:
        print(__doc__, file=sys.stderr)
        return 2
    project, version, filename, sha256, member, out = argv
    if version not in filename:
        raise SystemExit(f"file name {filename} does not carry version {version}")
    with urllib.request.urlopen(file_url(project, filename), timeout=120) as response:
        archive = response.read()
    digest = hashlib.sha256(archive).hexdigest()
    if digest != sha256:
        raise SystemExit(f"{filename}: sha256 {digest}, expected {sha256}; refusing to use it")
    with tarfile.open(fileobj=io.BytesIO(archive), mode="r:gz") as tar:
        extracted = tar.extractfile(member)
        if extracted is None:
            raise SystemExit(f"{member} is not a regular file in {filename}")
        data = extracted.read()
    target = Path(out)
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_suffix(target.suffix + ".part")
    partial.write_bytes(data)
    partial.replace(target)
    print(f"{target}: {member} from {project} {version} ({len(data)} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
