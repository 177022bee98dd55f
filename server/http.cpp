#include "server/http.hpp"

#include <boost/beast/http/field.hpp>
#include <boost/beast/version.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace whist::server {

namespace http = boost::beast::http;

namespace {

// Shown at / until the browser client is built and configured.
constexpr const char* kPlaceholder = R"(<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>whistd</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;max-width:40em;margin:3em auto;padding:0 1em;
color:#1d2a1f;background:#f4f1e8}h1{color:#14532d}code{background:#e7e2d3;padding:0 .2em}</style>
</head><body><h1>whistd</h1>
<p>The whist server is running. The browser client is not installed here yet;
programs can play now over the WebSocket at <code>/ws</code> (see
<code>docs/protocol.md</code>).</p>
<p><a href="/healthz">/healthz</a> &middot; <a href="/metrics">/metrics</a></p>
</body></html>
)";

std::string mime_type(const std::string& path) {
  const auto ext = std::filesystem::path(path).extension().string();
  if (ext == ".html") return "text/html; charset=utf-8";
  if (ext == ".js" || ext == ".mjs") return "text/javascript; charset=utf-8";
  if (ext == ".css") return "text/css; charset=utf-8";
  if (ext == ".svg") return "image/svg+xml";
  if (ext == ".png") return "image/png";
  if (ext == ".json" || ext == ".map") return "application/json";
  if (ext == ".webmanifest") return "application/manifest+json";
  if (ext == ".ico") return "image/x-icon";
  if (ext == ".woff2") return "font/woff2";
  if (ext == ".txt") return "text/plain; charset=utf-8";
  return "application/octet-stream";
}

HttpResponse make(const HttpRequest& req, http::status status, std::string body,
                  const std::string& type) {
  HttpResponse res{status, req.version()};
  res.set(http::field::server, "whistd");
  res.set(http::field::content_type, type);
  res.set("X-Content-Type-Options", "nosniff");
  res.keep_alive(req.keep_alive());
  if (req.method() == http::verb::head) {
    res.content_length(body.size());
  } else {
    res.body() = std::move(body);
    res.prepare_payload();
  }
  return res;
}

std::string path_of(const HttpRequest& req) {
  std::string target(req.target());
  if (auto q = target.find('?'); q != std::string::npos) target.resize(q);
  return target;
}

}  // namespace

bool origin_allowed(const Config& c, const HttpRequest& req) {
  auto it = req.find(http::field::origin);
  if (it == req.end()) return true;
  const std::string origin(it->value());
  for (const auto& o : c.origins)
    if (origin == o) return true;
  return false;
}

HttpResponse answer_http(const HttpRequest& req, const std::string& static_dir, Metrics& metrics,
                         const std::atomic<bool>& draining) {
  ++metrics.http_requests_total;
  if (req.method() != http::verb::get && req.method() != http::verb::head) {
    auto res = make(req, http::status::method_not_allowed, "method not allowed\n", "text/plain");
    res.set(http::field::allow, "GET, HEAD");
    return res;
  }
  const std::string path = path_of(req);
  if (path == "/healthz") {
    // A stopping server tells load balancers to send no one new.
    if (draining)
      return make(req, http::status::service_unavailable, "stopping\n",
                  "text/plain; charset=utf-8");
    return make(req, http::status::ok, "ok\n", "text/plain; charset=utf-8");
  }
  if (path == "/metrics")
    return make(req, http::status::ok, metrics.render(), "text/plain; version=0.0.4");
  if (path == "/ws")
    return make(req, http::status::upgrade_required, "WebSocket only\n", "text/plain");

  // Static files, without leaving the folder.
  if (static_dir.empty()) {
    if (path == "/" || path == "/index.html")
      return make(req, http::status::ok, kPlaceholder, "text/html; charset=utf-8");
    return make(req, http::status::not_found, "not found\n", "text/plain");
  }
  std::string rel = path == "/" ? "/index.html" : path;
  if (rel.find("..") != std::string::npos || rel.find('\\') != std::string::npos ||
      rel.find('\0') != std::string::npos)
    return make(req, http::status::bad_request, "bad path\n", "text/plain");
  const std::filesystem::path file = std::filesystem::path(static_dir) / rel.substr(1);
  std::error_code ec;
  if (!std::filesystem::is_regular_file(file, ec))
    return make(req, http::status::not_found, "not found\n", "text/plain");
  std::ifstream in(file, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  auto res = make(req, http::status::ok, ss.str(), mime_type(file.string()));
  // The page and the service worker are asked again each time, so a new version of the client
  // replaces the old one at the next visit (the worker then renews its own cache).
  if (rel == "/index.html" || rel == "/sw.js" || rel == "/offline.html")
    res.set(http::field::cache_control, "no-cache");
  return res;
}

}  // namespace whist::server
