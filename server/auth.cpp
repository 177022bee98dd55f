#include "server/auth.hpp"

#include <sodium.h>

#include <stdexcept>

namespace whist::server {

bool init_crypto() { return sodium_init() >= 0; }

std::string hash_password(std::string_view password, int memory_kib, int passes) {
  char out[crypto_pwhash_STRBYTES];
  if (crypto_pwhash_str_alg(
          out, password.data(), password.size(), static_cast<unsigned long long>(passes),
          static_cast<size_t>(memory_kib) * 1024U, crypto_pwhash_ALG_ARGON2ID13) != 0)
    throw std::runtime_error("out of memory hashing a password");
  return out;
}

bool verify_password(std::string_view password, const std::string& hash) {
  if (hash.empty()) return false;
  return crypto_pwhash_str_verify(hash.c_str(), password.data(), password.size()) == 0;
}

std::string new_token() {
  unsigned char bytes[32];
  randombytes_buf(bytes, sizeof bytes);
  char out[sodium_base64_ENCODED_LEN(32, sodium_base64_VARIANT_URLSAFE_NO_PADDING)];
  sodium_bin2base64(out, sizeof out, bytes, sizeof bytes, sodium_base64_VARIANT_URLSAFE_NO_PADDING);
  return out;
}

std::string token_hash(std::string_view token) {
  unsigned char digest[32];
  crypto_generichash(digest, sizeof digest, reinterpret_cast<const unsigned char*>(token.data()),
                     token.size(), nullptr, 0);
  char hex[65];
  sodium_bin2hex(hex, sizeof hex, digest, sizeof digest);
  return hex;
}

unsigned long long secure_seed() {
  unsigned long long seed = 0;
  randombytes_buf(&seed, sizeof seed);
  return seed;
}

std::string guest_name() {
  static constexpr char kChars[] = "abcdefghijkmnpqrstuvwxyz23456789";
  std::string name = "guest-";
  for (int i = 0; i < 6; ++i) name += kChars[randombytes_uniform(sizeof kChars - 1)];
  return name;
}

std::string device_name(std::string_view ua) {
  const auto has = [ua](std::string_view s) { return ua.find(s) != std::string_view::npos; };
  // The order matters: Edge and Opera say Chrome too, Chrome says Safari.
  std::string browser = has("Firefox/")                      ? "Firefox"
                        : has("Edg/")                        ? "Edge"
                        : has("OPR/")                        ? "Opera"
                        : has("Chrome/") || has("Chromium/") ? "Chrome"
                        : has("Safari/")                     ? "Safari"
                                                             : "";
  std::string system = has("Android")                        ? "Android"
                       : has("iPhone") || has("iPad")        ? "iOS"
                       : has("Windows")                      ? "Windows"
                       : has("Mac OS X") || has("Macintosh") ? "macOS"
                       : has("CrOS")                         ? "ChromeOS"
                       : has("Linux")                        ? "Linux"
                                                             : "";
  if (browser.empty() && system.empty()) return "unknown device";
  if (browser.empty()) return "a browser on " + system;
  if (system.empty()) return browser;
  return browser + " on " + system;
}

std::optional<std::string> check_username(std::string_view name) {
  if (name.size() < 3 || name.size() > 20) return "a username has 3 to 20 characters";
  for (char c : name) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                    c == '_' || c == '-';
    if (!ok) return "a username may hold only letters, digits, _ and -";
  }
  std::string prefix(name.substr(0, 6));
  for (auto& c : prefix) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  if (prefix == "guest-") return "usernames starting with guest- are kept for guests";
  const char first = name.front();
  if (first == '_' || first == '-') return "a username starts with a letter or a digit";
  return std::nullopt;
}

std::optional<std::string> check_password(std::string_view password) {
  if (password.size() < 8) return "a password has at least 8 characters";
  if (password.size() > 200) return "a password has at most 200 characters";
  return std::nullopt;
}

}  // namespace whist::server
