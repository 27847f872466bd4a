// Importing a command module registers it. One module per command.
import './disasm';
import './roundtrip';
import './transform';
import './run';
import './report';
import './export';
import './accuracy';
import './diff';
import './check';
import './test';
import './cache';
