int from_header = 42;
