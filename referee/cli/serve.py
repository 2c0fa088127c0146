"""``referee serve``: the local server for every phone at the table (``pip install 'referee[serve]'``)."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import List, Optional

from referee.cli import options
from referee.cli.params import Option
from referee.errors import BadInput
from referee.i18n import choose_language
from referee.i18n.catalogs import _

#: the addresses that only this machine reaches: no join code is needed there
LOOPBACK = ("127.0.0.1", "::1", "localhost")


def _lan_address() -> str:
    """This machine's address on the local network, for the URL phones open (no packet is sent)."""
    import socket  # lazy: +7.7 ms at start-up if imported with the module

    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))  # a UDP "connection" only picks the route
        return probe.getsockname()[0]
    except OSError:
        return socket.gethostbyname(socket.gethostname())
    finally:
        probe.close()


#: Crockford's base 32: digits and lower-case letters without i, l, o, u (read as 1, 1, 0: see
#: referee.web.app.plain_code), so a code read aloud or typed on a phone survives
CODE_ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz"
#: 28 characters of 5 bits: 140 bits, past guessing at any rate (and wrong codes are rate-limited)
CODE_LENGTH = 28


def join_code() -> str:
    """A join code from the system's random source, in groups of four to read and type:
    ``k3mf-9x2q-…`` (the dashes are optional when typed)."""
    import secrets  # lazy: +18.6 ms at start-up if imported with the module

    raw = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
    return "-".join(raw[i:i + 4] for i in range(0, CODE_LENGTH, 4))


def own_names(host: str, shown: str) -> list[str]:
    """The names this server answers to besides loopback's: the address it is bound to, the one
    it prints and, bound to every address, this machine's name and addresses."""
    import socket  # lazy: +7.7 ms at start-up if imported with the module

    names = [host, shown]
    if host in ("0.0.0.0", "::"):
        hostname = socket.gethostname()
        names += [hostname, socket.getfqdn(), f"{hostname}.local"]
        try:
            names += [info[4][0] for info in socket.getaddrinfo(hostname, None)]
        except OSError:
            pass  # a machine whose own name does not resolve: its printed address still works
    return [n for n in dict.fromkeys(names) if n and n not in ("0.0.0.0", "::")]


def serve(host: str = Option("127.0.0.1", "--host", metavar="ADDRESS",
                             help=_("The address to listen on; 0.0.0.0 opens it to the table's network.")),
          port: int = Option(8765, "--port", metavar="PORT", min=0, max=65535, help=_("The port to listen on.")),
          workers: int = Option(1, "--workers", metavar="N", min=1, max=32,
                                help=_("Worker processes (they share the table file).")),
          code: Optional[str] = Option(None, "--code", metavar="CODE",
                                       help=_("The join code changes need (default on a network address: a new "
                                              "random one).")),
          tls: Optional[tuple[Path, Path]] = Option(None, "--tls", metavar="CERT KEY",
                                                   help=_("Serve over HTTPS with this certificate and key (PEM "
                                                          "files): phones then keep the screen on.")),
          allowed_host: List[str] = Option([], "--allowed-host", metavar="NAME",
                                           help=_("Another name the server answers to, such as a proxy's "
                                                  "(repeat for more).")),
          store: Optional[str] = Option(None, "--store", metavar="URL",
                                        help=_("Where the tables are kept: a table file (the default) or "
                                               "postgresql://… shared by several servers (default: $REFEREE_STORE).")),
          table_path: Optional[Path] = options.table_path(), lang: Optional[str] = options.lang(),
          as_json: bool = options.json_flag()) -> int:
    choose_language(lang)
    import importlib.util  # lazy: +1.1 ms at start-up if imported with the module

    if not all(importlib.util.find_spec(name) for name in ("uvicorn", "starlette", "jinja2")):
        raise BadInput("the server needs its extra packages: pip install 'referee[serve]'")
    open_to_network = host not in LOOPBACK
    if code is not None and not code.strip():
        raise BadInput("--code: the join code cannot be empty")
    for name in allowed_host:
        if not name.strip() or any(c in name for c in "/ ,@?#"):
            raise BadInput("--allowed-host: expected a host name such as table.example.org, got {name}",
                           name=repr(name[:80]))
    code = code or (join_code() if open_to_network else None)
    if tls:
        _check_tls(*tls)
    # --table URL#ID (or $REFEREE_TABLE): that table of a PostgreSQL store is the server's own,
    # the store its tables'
    from referee.table.stores import resolved  # lazy: +40 ms at start-up (sqlite3 and the stores) if imported with the module

    table_path = table_path if table_path is not None else resolved(None)
    store = _check_store(store or getattr(table_path, "url", None) or os.environ.get("REFEREE_STORE") or None)
    from referee.web.server import bind, run  # lazy: +280.1 ms at start-up if imported with the module

    try:
        sock = bind(host, port)
    except OSError as exc:  # the port is taken, the address is not this machine's
        raise BadInput("cannot serve on {host}:{port}: {reason}", host=host, port=port,
                       reason=exc.strerror or str(exc)) from None
    port = sock.getsockname()[1]  # the one the system chose for --port 0
    shown = _lan_address() if host in ("0.0.0.0", "::") else host
    url = f"{'https' if tls else 'http'}://{'[' + shown + ']' if ':' in shown else shown}:{port}/"
    # The join link carries the code: the page keeps it and drops it from the address bar.
    link = f"{url}?code={code}" if code else None
    if as_json:  # one line a program starting the server can read: where to go, what code to send

        print(json.dumps({"url": url, "host": host, "port": port, "code": code, "link": link}), flush=True)
    else:
        print(_("referee: serving the table at {url}").format(url=url), flush=True)
        if code:
            print(_("join code for changes: {code}").format(code=code), flush=True)
            print(_("join link (opens the page with the code): {link}").format(link=link), flush=True)
    os.environ["REFEREE_SERVE_TABLE"] = getattr(table_path, "address", str(table_path)) if table_path else ""
    os.environ["REFEREE_SERVE_CODE"] = code or ""
    os.environ["REFEREE_SERVE_HOSTS"] = ",".join([*own_names(host, shown), *(n.strip() for n in allowed_host)])
    os.environ["REFEREE_STORE"] = store or ""
    run(sock, workers, tls=tuple(str(p) for p in tls) if tls else None)
    return 0


def _check_store(store: Optional[str]) -> Optional[str]:
    """A PostgreSQL store is reached, and its schema made or brought up to date, before the
    server starts (an unreachable database or a newer schema: exit 2 with its message)."""
    from referee.table import pgstore  # lazy: +49.9 ms at start-up if imported with the module

    if store is None or not store.startswith(("postgres:", "postgresql:")):
        return store
    if not pgstore.is_url(store):
        raise BadInput("--store: {url} is not a PostgreSQL URL; write postgresql://USER@HOST/DATABASE",
                       url=pgstore.safe_url(store))
    pgstore.pool(store)
    pgstore.close_pools()  # each worker opens its own connections
    return store


def _check_tls(cert: Path, key: Path) -> None:
    """The certificate and key load together, or a message that says which file is wrong."""
    import ssl  # lazy: +30.9 ms at start-up if imported with the module

    if not cert.is_file():
        raise BadInput("--tls: no certificate file {path}; give the certificate and its key as PEM files",
                       path=str(cert))
    if not key.is_file():
        raise BadInput("--tls: no key file {path}; give the certificate and its key as PEM files", path=str(key))
    try:
        ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER).load_cert_chain(str(cert), str(key))
    except (ssl.SSLError, OSError, ValueError) as exc:
        raise BadInput("--tls: the certificate {cert} and the key {key} cannot be used together ({reason}); give "
                       "a PEM certificate and its own private key (no passphrase)", cert=str(cert), key=str(key),
                       reason=str(exc)[:200]) from None


def register(app) -> None:
    from referee.cli.help import Command  # lazy: +64.5 ms at start-up if imported with the module

    app.command("serve", cls=Command, help=_("Serve the referee to every phone at the table: a page and a JSON "
                                             "API (Ctrl-C stops it)."))(serve)
