// PlanToHtml: the report page, one file. The data goes in as JSON inside
// <script type="application/json">, with "</" written "<\/" so no string in it can close the
// script element early.
#include "report/plan_html.h"

#include "report/plan_html_internal.h"

namespace xpar {
namespace {

std::string EscapeHtml(const std::string& text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

std::string ScriptSafeJson(const nlohmann::json& data) {
  // Invalid UTF-8 in a name (binary junk in an input) is replaced rather than thrown on.
  std::string text = data.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    out += text[i];
    if (text[i] == '<' && i + 1 < text.size() && text[i + 1] == '/') out += '\\';
  }
  return out;
}

}  // namespace

std::string internal::AssemblePage(const std::string& title, const char* body,
                                   const nlohmann::json& data, const char* script) {
  std::string html = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n";
  html += "<title>" + EscapeHtml(title) + "</title>\n";
  html += "<style>" + std::string(kPlanHtmlStyle) + "</style>\n</head>\n";
  html += "<body data-status=\"loading\">\n" + std::string(body);
  html += "<script type=\"application/json\" id=\"plan-data\">" + ScriptSafeJson(data) +
          "</script>\n";
  html += "<script>(function () {\n\"use strict\";" + std::string(kReportCommonScript) + script +
          "})();</script>\n</body>\n</html>\n";
  return html;
}

Expected<std::string> PlanToHtml(const Module& module, const Plan& plan, const CostModel& model,
                                 const PlanHtmlOptions& options) {
  ASSIGN_OR_RETURN(nlohmann::json data, PlanReportData(module, plan, model, options));
  return internal::AssemblePage("xpar plan: " + options.title, internal::kPlanHtmlBody, data,
                                internal::kPlanHtmlScript);
}

}  // namespace xpar
