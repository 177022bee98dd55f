// Plain HTTP answers: /healthz, /metrics and the browser client's files.
#pragma once

#include <boost/beast/http/message.hpp>
#include <boost/beast/http/string_body.hpp>

#include <atomic>

#include "server/config.hpp"
#include "server/metrics.hpp"

namespace whist::server {

using HttpRequest = boost::beast::http::request<boost::beast::http::string_body>;
using HttpResponse = boost::beast::http::response<boost::beast::http::string_body>;

// `static_dir`: the browser client's files (empty: a built-in page);
// `draining`: the server is stopping (/healthz says so).
HttpResponse answer_http(const HttpRequest& req, const std::string& static_dir, Metrics& metrics,
                         const std::atomic<bool>& draining);

// Whether a WebSocket handshake's Origin may connect: browsers send one,
// and only the configured origins are let in; clients that send none are.
bool origin_allowed(const Config& c, const HttpRequest& req);

}  // namespace whist::server
