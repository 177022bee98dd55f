// whist-movement: prints an event's movement (docs/events.md#whist-movement).
//   whist-movement --kind mitchell --tables T  [--rounds R] [--boards-per-round B]
//   whist-movement --kind howell   --pairs P   [...]
//   whist-movement --kind drive    --players N [...]
// Exit 0 with one JSON document on standard output; 2 with a one-line
// message on standard error for bad arguments, an impossible field or more
// rounds than the movement allows.
#include <charconv>
#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "event/movement.hpp"
#include "protocol/event_json.hpp"

namespace {

constexpr const char* kUsage =
    "usage: whist-movement --kind mitchell --tables T | --kind howell --pairs P |\n"
    "                      --kind drive --players N  [--rounds R] [--boards-per-round B]\n"
    "Prints who sits where, round by round, as JSON (docs/events.md).\n";

int fail(const std::string& why) {
  std::cerr << "whist-movement: " << why << "\n";
  return 2;
}

std::optional<int> number(const std::string& s) {
  int v = 0;
  const char* end = s.data() + s.size();
  auto [ptr, ec] = std::from_chars(s.data(), end, v);
  if (ec != std::errc() || ptr != end || s.empty()) return std::nullopt;
  return v;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace whist;
  std::optional<event::MovementKind> kind;
  std::string field_flag;
  std::optional<int> field;
  event::MovementRequest request;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--help" || arg == "-h") {
      std::cout << kUsage;
      return 0;
    }
    if (arg != "--kind" && arg != "--tables" && arg != "--pairs" && arg != "--players" &&
        arg != "--rounds" && arg != "--boards-per-round") {
      return fail("unknown argument \"" + arg + "\" (--help lists them)");
    }
    if (i + 1 >= argc) return fail(arg + " needs a value");
    const std::string value = argv[++i];
    if (arg == "--kind") {
      kind = event::kind_from_name(value);
      if (!kind) return fail("--kind is mitchell, howell or drive, not \"" + value + "\"");
      continue;
    }
    const std::optional<int> n = number(value);
    if (!n) return fail(arg + " needs a whole number, not \"" + value + "\"");
    if (arg == "--rounds") {
      request.rounds = *n;
    } else if (arg == "--boards-per-round") {
      request.boards_per_round = *n;
    } else {
      if (field) return fail("give one of --tables, --pairs and --players");
      field_flag = arg;
      field = *n;
    }
  }
  if (!kind) return fail("--kind is missing (mitchell, howell or drive)");
  const char* wanted = *kind == event::MovementKind::kMitchell ? "--tables"
                       : *kind == event::MovementKind::kHowell ? "--pairs"
                                                               : "--players";
  if (!field) return fail(std::string("a ") + event::kind_name(*kind) + " needs " + wanted);
  if (field_flag != wanted) {
    return fail(std::string("a ") + event::kind_name(*kind) + " is sized by " + wanted + ", not " +
                field_flag);
  }
  request.kind = *kind;
  request.field = *field;
  auto made = event::make_movement(request);
  if (auto* why = std::get_if<std::string>(&made)) return fail(*why);
  std::cout << protocol::movement_json(std::get<event::Movement>(made)).dump() << "\n";
  return 0;
}
