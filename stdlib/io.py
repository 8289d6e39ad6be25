# The io module in Plank: StringIO, an in-memory text file (print(file=...)
# writes to it through write()). Plank has no other files to open.


class StringIO:
    def __init__(self, initial_value='', newline='\n'):
        if initial_value is None:
            initial_value = ''
        if not isinstance(initial_value, str):
            raise TypeError(f"initial_value must be str or None, not {type(initial_value).__name__}")
        self._text = initial_value
        self._pos = 0
        self.closed = False

    def _check_open(self):
        if self.closed:
            raise ValueError("I/O operation on closed file.")

    def write(self, s):
        self._check_open()
        if not isinstance(s, str):
            raise TypeError(f"string argument expected, got '{type(s).__name__}'")
        if self._pos == len(self._text):
            self._text += s
        else:
            if self._pos > len(self._text):
                self._text += '\0' * (self._pos - len(self._text))
            self._text = self._text[:self._pos] + s + self._text[self._pos + len(s):]
        self._pos += len(s)
        return len(s)

    def writelines(self, lines):
        for line in lines:
            self.write(line)

    def getvalue(self):
        self._check_open()
        return self._text

    def read(self, size=-1):
        self._check_open()
        if size is None or size < 0:
            end = len(self._text)
        else:
            end = min(len(self._text), self._pos + size)
        result = self._text[self._pos:end]
        self._pos = max(self._pos, end)
        return result

    def readline(self, size=-1):
        self._check_open()
        end = self._text.find('\n', self._pos)
        end = len(self._text) if end < 0 else end + 1
        if size is not None and size >= 0:
            end = min(end, self._pos + size)
        result = self._text[self._pos:end]
        self._pos = max(self._pos, end)
        return result

    def readlines(self):
        return list(self)

    def __iter__(self):
        return self

    def __next__(self):
        line = self.readline()
        if not line:
            raise StopIteration
        return line

    def seek(self, pos, whence=0):
        self._check_open()
        if whence == 0:
            if pos < 0:
                raise ValueError(f"Negative seek position {pos}")
            self._pos = pos
        elif whence == 1 or whence == 2:
            if pos != 0:
                raise OSError("Can't do nonzero cur-relative seeks")
            if whence == 2:
                self._pos = len(self._text)
        else:
            raise ValueError(f"Invalid whence ({whence}, should be 0, 1 or 2)")
        return self._pos

    def tell(self):
        self._check_open()
        return self._pos

    def truncate(self, size=None):
        self._check_open()
        if size is None:
            size = self._pos
        self._text = self._text[:size]
        return size

    def flush(self):
        pass

    def close(self):
        self.closed = True

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
