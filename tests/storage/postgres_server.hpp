// A real PostgreSQL server for tests: Debian's binaries (pg_config
// --bindir), a cluster made by initdb in a temporary folder (as the user
// postgres, or nobody, when the tests run as root: PostgreSQL refuses
// root), listening on 127.0.0.1 and a free port, with a fresh database for
// each caller; stopped and removed when the process ends.
#pragma once

#include <arpa/inet.h>
#include <netinet/in.h>
#include <pwd.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string>

namespace whist::storage::test {

class PostgresServer {
 public:
  // The one server of this process, started at first use. Throws
  // std::runtime_error, saying why, if it cannot start.
  static PostgresServer& get() {
    static PostgresServer server;
    return server;
  }

  // A new, empty database: its URI.
  std::string new_database() {
    const std::string name = "whist_test_" + std::to_string(++databases_);
    run(psql() + " -q -d postgres -c 'CREATE DATABASE " + name + "'", "creating a database");
    return uri(name);
  }

  std::string uri(const std::string& database) const {
    return "postgresql://whist@127.0.0.1:" + std::to_string(port_) + "/" + database;
  }
  int port() const { return port_; }

  ~PostgresServer() {
    if (started_)
      std::system(
          (as_user() + bin("pg_ctl") + " -D " + dir_ + "/data -m immediate -s stop >/dev/null 2>&1")
              .c_str());
    std::error_code ec;
    std::filesystem::remove_all(dir_, ec);
  }
  PostgresServer(const PostgresServer&) = delete;
  PostgresServer& operator=(const PostgresServer&) = delete;

 private:
  PostgresServer() {
    bindir_ = output("pg_config --bindir");
    if (bindir_.empty() || !std::filesystem::exists(bindir_ + "/initdb"))
      throw std::runtime_error(
          "PostgreSQL's server programs are not installed (no initdb in pg_config --bindir): "
          "run scripts/setup, or apt-get install postgresql");
    char tmpl[] = "/tmp/whist-pg-XXXXXX";
    if (::mkdtemp(tmpl) == nullptr) throw std::runtime_error("mkdtemp failed");
    dir_ = tmpl;
    if (::geteuid() == 0) {
      const passwd* pw = ::getpwnam("postgres");
      if (pw == nullptr) pw = ::getpwnam("nobody");
      if (pw == nullptr) throw std::runtime_error("no unprivileged user to run PostgreSQL as");
      user_ = pw->pw_name;
      if (::chown(dir_.c_str(), pw->pw_uid, pw->pw_gid) != 0)
        throw std::runtime_error("chown " + dir_ + " failed");
    }
    port_ = free_port();
    run(as_user() + bin("initdb") + " -D " + dir_ +
            "/data -U whist -A trust -E UTF8 --locale=C --no-sync --no-instructions >" + dir_ +
            "/initdb.log 2>&1",
        "initdb");
    // Durability off: a test's server never outlives its test.
    run(as_user() + bin("pg_ctl") + " -D " + dir_ + "/data -l " + dir_ +
            "/server.log -w -t 60 -s -o \"-p " + std::to_string(port_) + " -k " + dir_ +
            " -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off "
            "-c full_page_writes=off -c max_connections=200\" start",
        "starting PostgreSQL (its log: " + dir_ + "/server.log)");
    started_ = true;
  }

  static std::string output(const std::string& command) {
    std::string out;
    if (FILE* p = ::popen((command + " 2>/dev/null").c_str(), "r")) {
      char buf[512];
      while (std::fgets(buf, sizeof buf, p) != nullptr) out += buf;
      ::pclose(p);
    }
    while (!out.empty() && (out.back() == '\n' || out.back() == ' ')) out.pop_back();
    return out;
  }

  static int free_port() {
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t len = sizeof a;
    if (fd < 0 || ::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0 ||
        ::getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len) != 0)
      throw std::runtime_error("no free port");
    ::close(fd);
    return ntohs(a.sin_port);
  }

  void run(const std::string& command, const std::string& what) const {
    if (std::system(command.c_str()) != 0) throw std::runtime_error(what + " failed: " + command);
  }

  std::string bin(const std::string& name) const { return bindir_ + "/" + name; }
  std::string as_user() const { return user_.empty() ? "" : "runuser -u " + user_ + " -- "; }
  std::string psql() const {
    return bin("psql") + " -X -h 127.0.0.1 -p " + std::to_string(port_) + " -U whist";
  }

  std::string bindir_, dir_, user_;
  int port_ = 0;
  int databases_ = 0;
  bool started_ = false;
};

}  // namespace whist::storage::test
