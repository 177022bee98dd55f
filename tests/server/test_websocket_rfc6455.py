"""The WebSocket endpoint against RFC 6455, with a client written here on a
raw socket so that it can send what libraries refuse to: fragmented
messages, control frames between fragments, invalid UTF-8, unmasked
frames, reserved bits and opcodes, bad close frames, oversized messages.
(The cases follow the Autobahn test suite's sections 1 to 7.)"""

import base64
import hashlib
import json
import os
import socket
import struct

import pytest

from conftest import TIMEOUT

GUID = b"258EAFA5-E914-47DA-95CA-C5AB0DC85B11"
TEXT, BINARY, CLOSE, PING, PONG, CONT = 1, 2, 8, 9, 10, 0


class Raw:
    """A WebSocket client frame by frame."""

    def __init__(self, server):
        self.sock = socket.create_connection((server.host, server.port), TIMEOUT)
        key = base64.b64encode(os.urandom(16))
        self.sock.sendall(b"GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
                          b"Connection: Upgrade\r\nSec-WebSocket-Key: " + key +
                          b"\r\nSec-WebSocket-Version: 13\r\n\r\n")
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = self.sock.recv(4096)
            assert chunk, head
            head += chunk
        head, self.buf = head.split(b"\r\n\r\n", 1)
        lines = head.decode().split("\r\n")
        assert lines[0].startswith("HTTP/1.1 101"), lines
        headers = {k.lower(): v.strip() for k, v in (l.split(":", 1) for l in lines[1:])}
        accept = base64.b64encode(hashlib.sha1(key + GUID).digest()).decode()
        assert headers["sec-websocket-accept"] == accept

    def frame(self, opcode, payload=b"", fin=True, mask=True, rsv=0):
        if isinstance(payload, str):
            payload = payload.encode()
        b0 = (0x80 if fin else 0) | (rsv << 4) | opcode
        n = len(payload)
        if n < 126:
            head = struct.pack("!BB", b0, (0x80 if mask else 0) | n)
        elif n < 65536:
            head = struct.pack("!BBH", b0, (0x80 if mask else 0) | 126, n)
        else:
            head = struct.pack("!BBQ", b0, (0x80 if mask else 0) | 127, n)
        if mask:
            key = os.urandom(4)
            payload = bytes(c ^ key[i % 4] for i, c in enumerate(payload))
            head += key
        self.sock.sendall(head + payload)

    def _exactly(self, n):
        while len(self.buf) < n:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise EOFError
            self.buf += chunk
        out, self.buf = self.buf[:n], self.buf[n:]
        return out

    def read(self):
        """(fin, opcode, payload) of the next frame from the server."""
        b0, b1 = self._exactly(2)
        assert b1 & 0x80 == 0, "a server frame must not be masked"
        assert b0 & 0x70 == 0, "no extension was negotiated: no reserved bit"
        n = b1 & 0x7F
        if n == 126:
            n = struct.unpack("!H", self._exactly(2))[0]
        elif n == 127:
            n = struct.unpack("!Q", self._exactly(8))[0]
        return bool(b0 & 0x80), b0 & 0x0F, self._exactly(n)

    def message(self):
        """The next data message, answering nothing (pings are returned too)."""
        fin, op, data = self.read()
        assert fin and op == TEXT, (fin, op, data)
        return json.loads(data)

    def closed_with(self):
        """Reads to the server's close frame: returns its code (None when
        the frame is empty), and checks the TCP connection ends after it."""
        while True:
            try:
                fin, op, data = self.read()
            except EOFError:
                raise AssertionError("the connection ended without a close frame")
            if op == CLOSE:
                break
        code = struct.unpack("!H", data[:2])[0] if len(data) >= 2 else None
        self.sock.settimeout(TIMEOUT)
        try:
            while self.sock.recv(4096):
                pass
        except ConnectionResetError:
            pass
        return code

    def close(self):
        self.sock.close()


HELLO = json.dumps({"t": "hello", "d": {"version": 1}, "id": 1})


@pytest.fixture
def server(whistd):
    return whistd("--max-message", "2048")


def test_a_whole_message_is_answered(server):
    c = Raw(server)
    c.frame(TEXT, HELLO)
    assert c.message()["t"] == "welcome"
    c.close()


def test_fragments_are_reassembled(server):
    c = Raw(server)
    parts = [HELLO[:5], HELLO[5:9], HELLO[9:]]
    c.frame(TEXT, parts[0], fin=False)
    c.frame(CONT, parts[1], fin=False)
    c.frame(CONT, parts[2], fin=True)
    assert c.message()["t"] == "welcome"
    # Empty fragments are fragments too.
    c.frame(TEXT, "", fin=False)
    c.frame(CONT, json.dumps({"t": "guest", "id": 2}), fin=False)
    c.frame(CONT, "", fin=True)
    m = c.message()
    assert m["t"] == "ack" and m["id"] == 2
    c.close()


def test_a_ping_between_fragments_is_answered_at_once(server):
    c = Raw(server)
    c.frame(TEXT, HELLO[:7], fin=False)
    c.frame(PING, b"between")
    fin, op, data = c.read()
    assert (fin, op, data) == (True, PONG, b"between")
    c.frame(CONT, HELLO[7:], fin=True)
    assert c.message()["t"] == "welcome"
    c.close()


@pytest.mark.parametrize("payload", [b"", b"ping payload \x00\xff", bytes(range(125))])
def test_ping_gets_a_pong_with_its_payload(server, payload):
    c = Raw(server)
    c.frame(PING, payload)
    assert c.read() == (True, PONG, payload)
    c.close()


def test_unsolicited_pong_is_ignored(server):
    c = Raw(server)
    c.frame(PONG, b"nobody asked")
    c.frame(TEXT, HELLO)
    assert c.message()["t"] == "welcome"
    c.close()


@pytest.mark.parametrize("payload", [
    b'{"t":"hello","x":"\xff"}',                 # a byte never in UTF-8
    b'{"t":"hello","x":"\xc0\xaf"}',             # an overlong encoding
    b'{"t":"hello","x":"\xed\xa0\x80"}',         # a UTF-16 surrogate
    b'{"t":"hello","x":"\xf4\x90\x80\x80"}',     # above U+10FFFF
    b'{"t":"hello","x":"\xe2\x82"}',             # cut short at the end
])
def test_invalid_utf8_closes_with_1007(server, payload):
    c = Raw(server)
    c.frame(TEXT, payload)
    assert c.closed_with() == 1007
    c.close()


def test_invalid_utf8_in_a_fragment_closes_with_1007(server):
    c = Raw(server)
    c.frame(TEXT, b'{"t":"x",', fin=False)
    c.frame(CONT, b'"y":"\xf8"', fin=False)
    assert c.closed_with() == 1007
    c.close()


def test_utf8_split_between_fragments_is_fine(server):
    c = Raw(server)
    text = json.dumps({"t": "hello", "d": {"version": 1}, "id": "\u00e9\u20ac"},
                      ensure_ascii=False).encode()
    cut = text.index("\u20ac".encode()) + 1  # in the middle of the euro sign
    c.frame(TEXT, text[:cut], fin=False)
    c.frame(CONT, text[cut:], fin=True)
    m = c.message()
    assert m["t"] == "welcome" and m["id"] == "\u00e9\u20ac"
    c.close()


@pytest.mark.parametrize("case", ["unmasked", "rsv1", "rsv2", "rsv3", "opcode3", "opcode11",
                                  "long ping", "fragmented ping", "lone continuation",
                                  "text inside a message", "close code 999",
                                  "close code 1005", "close one byte", "close bad reason"])
def test_protocol_errors_close_with_1002(server, case):
    c = Raw(server)
    if case == "unmasked":
        c.frame(TEXT, HELLO, mask=False)
    elif case.startswith("rsv"):
        c.frame(TEXT, HELLO, rsv={"rsv1": 4, "rsv2": 2, "rsv3": 1}[case])
    elif case == "opcode3":
        c.frame(3, b"reserved data opcode")
    elif case == "opcode11":
        c.frame(11, b"reserved control opcode")
    elif case == "long ping":
        c.frame(PING, b"x" * 126)
    elif case == "fragmented ping":
        c.frame(PING, b"half", fin=False)
    elif case == "lone continuation":
        c.frame(CONT, b"no message began", fin=True)
    elif case == "text inside a message":
        c.frame(TEXT, b"one", fin=False)
        c.frame(TEXT, b"two", fin=True)
    elif case == "close code 999":
        c.frame(CLOSE, struct.pack("!H", 999))
    elif case == "close code 1005":
        c.frame(CLOSE, struct.pack("!H", 1005))
    elif case == "close one byte":
        c.frame(CLOSE, b"\x03")
    elif case == "close bad reason":
        c.frame(CLOSE, struct.pack("!H", 1000) + b"\xff")
    assert c.closed_with() == 1002
    c.close()


@pytest.mark.parametrize("code", [1000, 1001, 3000, 4999])
def test_closing_handshake_is_echoed(server, code):
    c = Raw(server)
    c.frame(TEXT, HELLO)
    assert c.message()["t"] == "welcome"
    c.frame(CLOSE, struct.pack("!H", code) + b"bye")
    fin, op, data = c.read()
    assert op == CLOSE and fin
    assert struct.unpack("!H", data[:2])[0] == code
    # Then the server ends the TCP connection.
    c.sock.settimeout(TIMEOUT)
    assert c.sock.recv(10) == b""
    c.close()


@pytest.mark.parametrize("code", [5000, 65535])
def test_close_codes_above_4999_are_refused_with_1002(server, code):
    """No close code above 4999 is defined (RFC 6455 7.4.2): answered with
    1002, as the undefined codes below 3000 are, not echoed."""
    c = Raw(server)
    c.frame(TEXT, HELLO)
    assert c.message()["t"] == "welcome"
    c.frame(CLOSE, struct.pack("!H", code) + b"bye")
    assert c.closed_with() == 1002
    c.close()


def test_a_client_still_sending_after_1009_gets_the_close_and_no_reset(server):
    """After a message too big the server sends its close frame, shuts down
    its side and reads what still comes (RFC 6455 7.1.1) before it closes:
    a client still sending is not reset, and reads the close frame and then
    the end of the stream."""
    c = Raw(server)
    # A frame announced far over the limit, whose payload keeps coming.
    c.sock.sendall(struct.pack("!BBQ", 0x80 | TEXT, 0x80 | 127, 64 << 20) + os.urandom(4))
    chunk = b"x" * 16384
    for _ in range(16):
        c.sock.sendall(chunk)
    while True:
        fin, op, data = c.read()
        if op == CLOSE:
            break
    assert struct.unpack("!H", data[:2])[0] == 1009
    # Still sending after the close frame: read and discarded, no reset
    # (closed at once, the socket would answer with one, and these sends
    # would fail with a broken pipe or a reset).
    for _ in range(64):
        c.sock.sendall(chunk)
    # The server's side is shut: the stream ends cleanly.
    c.sock.settimeout(TIMEOUT)
    assert c.sock.recv(4096) == b""
    c.close()


def test_an_empty_close_is_answered(server):
    """An empty close has no code to echo (1005 may not be sent): the answer
    is empty or says 1000 (Beast answers 1000)."""
    c = Raw(server)
    c.frame(CLOSE, b"")
    fin, op, data = c.read()
    assert op == CLOSE and data in (b"", struct.pack("!H", 1000))
    c.close()


def test_message_at_the_limit_is_read(server):
    c = Raw(server)
    c.frame(TEXT, HELLO)
    c.message()
    # 2048 bytes exactly: a bad request, but read and answered.
    body = json.dumps({"t": "lobby.leave", "id": 5, "pad": ""})
    msg = body[:-2] + "x" * (2048 - len(body)) + '"}'
    assert len(msg) == 2048
    c.frame(TEXT, msg)
    assert c.message()["id"] == 5
    c.close()


@pytest.mark.parametrize("fragmented", [False, True])
def test_oversized_message_closes_with_1009(server, fragmented):
    c = Raw(server)
    if fragmented:
        for _ in range(4):
            c.frame(TEXT if _ == 0 else CONT, "x" * 600, fin=False)
    else:
        c.frame(TEXT, "x" * 2049)
    assert c.closed_with() == 1009
    c.close()


def test_binary_message_is_refused_in_words(server):
    c = Raw(server)
    c.frame(BINARY, b"\x00\x01")
    m = c.message()
    assert m["t"] == "error" and m["d"]["code"] == "bad_message"
    c.close()
