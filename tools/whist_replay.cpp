// whist-replay: checks and scores a game record (docs/records.md). Reads
// FILE, or standard input; prints one JSON document; exits 0 (every action
// legal), 1 (an illegal action) or 2 (a malformed record).
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>
#include <string>

#include "engine/record.hpp"
#include "protocol/record_json.hpp"

int main(int argc, char** argv) {
  using namespace whist;
  std::string text;
  if (argc > 2 ||
      (argc == 2 && (std::string(argv[1]) == "--help" || std::string(argv[1]) == "-h"))) {
    std::cerr
        << "usage: whist-replay [FILE]\n"
           "Replays a whist game record (standard input when FILE is absent) and prints\n"
           "the result as JSON. Exit 0: legal; 1: an illegal action; 2: a malformed record.\n";
    return argc > 2 ? 2 : 0;
  }
  if (argc == 2) {
    std::ifstream in(argv[1], std::ios::binary);
    if (!in) {
      std::cout << protocol::malformed_output(std::string("cannot read ") + argv[1]).json << "\n";
      return 2;
    }
    std::ostringstream ss;
    ss << in.rdbuf();
    text = ss.str();
  } else {
    text.assign(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
  }
  auto parsed = protocol::parse_record(text);
  protocol::ReplayOutput out;
  if (const auto* why = std::get_if<std::string>(&parsed)) {
    out = protocol::malformed_output(*why);
  } else {
    out = protocol::replay_output(replay(std::get<GameRecord>(parsed)));
  }
  std::cout << out.json << "\n";
  return out.exit_status;
}
