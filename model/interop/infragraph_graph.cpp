#include "interop/infragraph_graph.h"

#include <cstdlib>
#include <functional>

namespace podplanner::model::interop {

namespace {

constexpr std::size_t kMaxEdges = 20'000'000;

// "xpu[0:8:2]", "xpu[3]", "xpu" -> the name and its indices below `count`.
struct Slice {
    std::string name;
    std::vector<int> indices;
};

Slice readSlice(const std::string& text, const std::string& pointer,
                const std::function<int(const std::string&)>& countOf) {
    Slice s;
    const std::size_t open = text.find('[');
    s.name = text.substr(0, open);
    const int count = countOf(s.name);
    if (count < 0)
        throwInputError(pointer, "the name of a component (or instance) that exists",
                        describeJson(Json(text)));
    if (open == std::string::npos) {
        for (int i = 0; i < count; ++i)
            s.indices.push_back(i);
        return s;
    }
    if (text.back() != ']')
        throwInputError(pointer, "NAME, NAME[i] or NAME[start:stop(:step)]",
                        describeJson(Json(text)));
    const std::string inside = text.substr(open + 1, text.size() - open - 2);
    std::vector<std::string> parts;
    std::size_t from = 0;
    while (true) {
        const std::size_t colon = inside.find(':', from);
        parts.push_back(inside.substr(from, colon - from));
        if (colon == std::string::npos)
            break;
        from = colon + 1;
    }
    auto number = [&](const std::string& t, long fallback) -> long {
        if (t.empty())
            return fallback;
        char* end = nullptr;
        const long v = std::strtol(t.c_str(), &end, 10);
        if (*end != '\0')
            throwInputError(pointer, "whole numbers in the slice", describeJson(Json(text)));
        return v < 0 ? v + count : v; // Python's negative indices
    };
    if (parts.size() == 1) {
        const long i = number(parts[0], 0);
        if (i < 0 || i >= count)
            throwInputError(pointer, "an index below " + std::to_string(count),
                            describeJson(Json(text)));
        s.indices.push_back(static_cast<int>(i));
        return s;
    }
    if (parts.size() > 3)
        throwInputError(pointer, "NAME[start:stop(:step)]", describeJson(Json(text)));
    const long start = number(parts[0], 0), stop = number(parts[1], count);
    const long step = parts.size() == 3 ? number(parts[2], 1) : 1;
    if (step <= 0)
        throwInputError(pointer, "a positive slice step", describeJson(Json(text)));
    for (long i = std::max(0L, start); i < std::min<long>(stop, count); i += step)
        s.indices.push_back(static_cast<int>(i));
    return s;
}

double readBandwidth(const Json& link) {
    if (!link.contains("physical") || !link["physical"].contains("bandwidth"))
        return 0;
    const Json& b = link["physical"]["bandwidth"];
    if (b.contains("gigabits_per_second") && b["gigabits_per_second"].is_number())
        return b["gigabits_per_second"].get<double>();
    if (b.contains("gigabytes_per_second") && b["gigabytes_per_second"].is_number())
        return b["gigabytes_per_second"].get<double>() * 8;
    return 0;
}

// The optional array `key` of an object, checked (an object or a number there is refused with
// its place, not indexed).
const Json* optionalArray(const Json& parent, const std::string& pointer, const std::string& key) {
    ObjectReader in(parent, pointer);
    return in.has(key) ? &in.array(key, 0, kMaxEdges) : nullptr;
}

std::vector<IgLink> readLinks(const Json& parent, const std::string& pointer) {
    std::vector<IgLink> links;
    const Json* found = optionalArray(parent, pointer, "links");
    if (!found)
        return links;
    const Json& array = *found;
    for (std::size_t i = 0; i < array.size(); ++i) {
        const std::string at = childPointer(childPointer(pointer, "links"), i);
        ObjectReader in(array[i], at);
        IgLink l;
        l.name = in.string("name");
        l.description = in.string("description", "");
        l.pointer = at;
        l.gbitS = readBandwidth(array[i]);
        links.push_back(l);
    }
    return links;
}

int linkIndex(const std::vector<IgLink>& links, const std::string& name,
              const std::string& pointer) {
    for (std::size_t i = 0; i < links.size(); ++i)
        if (links[i].name == name)
            return static_cast<int>(i);
    throwInputError(pointer, "the name of a link in the links array", describeJson(Json(name)));
}

template <typename End, typename Add>
void expand(const std::vector<End>& a, const std::vector<End>& b, const std::string& scheme,
            const std::string& pointer, std::size_t& total, Add add) {
    if (scheme == "one2one") {
        if (a.size() != b.size())
            throwInputError(pointer, "one2one endpoints of the same size",
                            std::to_string(a.size()) + " and " + std::to_string(b.size()));
        for (std::size_t i = 0; i < a.size(); ++i)
            add(a[i], b[i]);
        total += a.size();
    } else if (scheme == "many2many") {
        total += a.size() * b.size();
        if (total > kMaxEdges)
            throwInputError(pointer, "at most " + std::to_string(kMaxEdges) + " edges in all",
                            std::to_string(total));
        for (const auto& x : a)
            for (const auto& y : b)
                add(x, y);
    } else {
        throwInputError(childPointer(pointer, "scheme"), "one2one or many2many",
                        describeJson(Json(scheme)), "the ring scheme is not read");
    }
}

IgDevice readDevice(const Json& value, const std::string& at, std::size_t& total) {
    ObjectReader in(value, at);
    IgDevice d;
    d.pointer = at;
    d.name = in.string("name");
    d.description = in.string("description", "");
    const Json& components = in.array("components", 0, 100000);
    for (std::size_t i = 0; i < components.size(); ++i) {
        const std::string cat = childPointer(in.at("components"), i);
        ObjectReader c(components[i], cat);
        IgComponent comp;
        comp.pointer = cat;
        comp.name = c.string("name");
        comp.description = c.string("description", "");
        comp.count = static_cast<int>(c.integer("count", 0, 10'000'000, 1));
        comp.choice = c.string("choice", "custom");
        if (components[i].contains("custom") && components[i]["custom"].contains("type"))
            comp.type = readString(components[i]["custom"]["type"],
                                   childPointer(childPointer(cat, "custom"), "type"));
        d.components.push_back(comp);
    }
    d.links = readLinks(value, at);
    const Json* found = optionalArray(value, at, "edges");
    if (!found)
        return d;
    const Json& edges = *found;
    for (std::size_t i = 0; i < edges.size(); ++i) {
        const std::string eat = childPointer(childPointer(at, "edges"), i);
        ObjectReader e(edges[i], eat);
        auto end = [&](const char* key) {
            const Json& ep = e.object(key);
            const std::string pat = e.at(key);
            if (ep.contains("device"))
                throwInputError(childPointer(pat, "device"),
                                "an endpoint within the device (composed devices are not read)",
                                describeJson(ep["device"]));
            const Slice s = readSlice(ObjectReader(ep, pat).string("component"),
                                      childPointer(pat, "component"), [&](const std::string& n) {
                                          const int c = d.component(n);
                                          return c < 0 ? -1 : d.components[c].count;
                                      });
            std::vector<IgEnd> ends;
            for (int idx : s.indices)
                ends.push_back({d.component(s.name), idx});
            return ends;
        };
        const auto a = end("ep1");
        const auto b = end("ep2");
        const int link = linkIndex(d.links, e.string("link"), e.at("link"));
        const bool self = edges[i]["ep1"] == edges[i]["ep2"];
        expand(a, b, e.string("scheme", "one2one"), eat, total,
               [&](const IgEnd& x, const IgEnd& y) {
                   if (!(self && x.component == y.component && x.index == y.index))
                       d.edges.push_back({x, y, link});
               });
    }
    return d;
}

} // namespace

int IgDevice::component(const std::string& n) const {
    for (std::size_t i = 0; i < components.size(); ++i)
        if (components[i].name == n)
            return static_cast<int>(i);
    return -1;
}

int IgDevice::count(const std::string& choice) const {
    int n = 0;
    for (const auto& c : components)
        if (c.choice == choice)
            n += c.count;
    return n;
}

IgGraph readInfraGraph(const Json& document) {
    const Json& doc = document.contains("infrastructure") ? document["infrastructure"] : document;
    const std::string root = document.contains("infrastructure") ? "/infrastructure" : "";
    ObjectReader in(doc, root);
    IgGraph g;
    g.name = in.string("name", "infragraph");
    g.description = in.string("description", "");
    std::size_t total = 0;
    const Json& devices = in.array("devices", 1, 100000);
    for (std::size_t i = 0; i < devices.size(); ++i)
        g.devices.push_back(readDevice(devices[i], childPointer(in.at("devices"), i), total));
    g.links = readLinks(doc, root);
    const Json& instances = in.array("instances", 1, 100000);
    for (std::size_t i = 0; i < instances.size(); ++i) {
        const std::string at = childPointer(in.at("instances"), i);
        ObjectReader r(instances[i], at);
        IgInstance inst;
        inst.pointer = at;
        inst.name = r.string("name");
        const std::string device = r.string("device");
        inst.count = static_cast<int>(r.integer("count", 1, 10'000'000, 1));
        inst.device = -1;
        for (std::size_t d = 0; d < g.devices.size(); ++d)
            if (g.devices[d].name == device)
                inst.device = static_cast<int>(d);
        if (inst.device < 0)
            throwInputError(r.at("device"), "the name of a device in the devices array",
                            describeJson(Json(device)));
        g.instances.push_back(inst);
    }
    const Json* edges = optionalArray(doc, root, "edges");
    if (!edges)
        return g;
    for (std::size_t i = 0; i < edges->size(); ++i) {
        const std::string at = childPointer(in.at("edges"), i);
        ObjectReader e((*edges)[i], at);
        auto end = [&](const char* key) {
            const Json& ep = e.object(key);
            const std::string pat = e.at(key);
            ObjectReader r(ep, pat);
            const Slice inst = readSlice(r.string("instance"), childPointer(pat, "instance"),
                                         [&](const std::string& n) {
                                             for (const auto& x : g.instances)
                                                 if (x.name == n)
                                                     return x.count;
                                             return -1;
                                         });
            int instance = 0;
            while (g.instances[static_cast<std::size_t>(instance)].name != inst.name)
                ++instance;
            const IgDevice& dev = g.devices[static_cast<std::size_t>(
                g.instances[static_cast<std::size_t>(instance)].device)];
            const Slice comp = readSlice(r.string("component"), childPointer(pat, "component"),
                                         [&](const std::string& n) {
                                             const int c = dev.component(n);
                                             return c < 0 ? -1 : dev.components[c].count;
                                         });
            std::vector<IgPoint> points;
            for (int ii : inst.indices)
                for (int ci : comp.indices)
                    points.push_back({instance, ii, {dev.component(comp.name), ci}});
            return points;
        };
        const auto a = end("ep1");
        const auto b = end("ep2");
        const int link = linkIndex(g.links, e.string("link"), e.at("link"));
        expand(a, b, e.string("scheme", "one2one"), at, total,
               [&](const IgPoint& x, const IgPoint& y) {
                   g.edges.push_back({x, y, link, at});
               });
    }
    return g;
}

} // namespace podplanner::model::interop
