// Passwords, tokens and usernames. Password hashing is slow on purpose
// (argon2id): call hash_password and verify_password off the I/O threads.
// Nothing here logs; a password or token never reaches a log line.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace whist::server {

// Initializes libsodium; false if it cannot be used.
bool init_crypto();

// argon2id with `memory_kib` of memory and `passes` passes, as libsodium's
// self-describing string.
std::string hash_password(std::string_view password, int memory_kib, int passes);
bool verify_password(std::string_view password, const std::string& hash);

// A new session token: 32 random bytes, URL-safe base64 (no padding).
std::string new_token();
// The token's hash as stored (BLAKE2b-256, hex): the database never holds a
// token itself.
std::string token_hash(std::string_view token);
// A 64-bit seed from the secure generator.
unsigned long long secure_seed();
// "guest-" and six random letters and digits.
std::string guest_name();

// A browser's User-Agent as a player recognises it in their list of
// sessions: "Firefox on Linux", "Safari on iOS"; "unknown device" when it
// says nothing known. Short (no allocation kept per connection).
std::string device_name(std::string_view user_agent);

// Why a username or password is not acceptable, or nothing.
std::optional<std::string> check_username(std::string_view name);
std::optional<std::string> check_password(std::string_view password);

}  // namespace whist::server
