// Importing a command module registers it. One module per command.
import './roundtrip';
import './disasm';
