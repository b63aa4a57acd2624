#include "line_geometry.h"

#include <limits>

namespace podplanner::views {

namespace {

// Position (3 floats) and colour (4 floats) per vertex.
constexpr int kFloatsPerVertex = 7;

void putVertex(float*& v, const QVector3D& p, const QColor& c) {
    *v++ = p.x();
    *v++ = p.y();
    *v++ = p.z();
    *v++ = c.redF();
    *v++ = c.greenF();
    *v++ = c.blueF();
    *v++ = 1.0f;
}

// Two unit vectors square to the segment a -> b and to each other.
std::pair<QVector3D, QVector3D> across(const QVector3D& a, const QVector3D& b) {
    const QVector3D d = (b - a).normalized();
    const QVector3D helper = std::abs(d.y()) < 0.9f ? QVector3D(0, 1, 0) : QVector3D(1, 0, 0);
    const QVector3D u = QVector3D::crossProduct(d, helper).normalized();
    return {u, QVector3D::crossProduct(d, u).normalized()};
}

} // namespace

LineGeometry::LineGeometry(QQuick3DObject* parent) : QQuick3DGeometry(parent) {}

void LineGeometry::setSegments(const QVector<QVector3D>& points, const QVector<QColor>& colors,
                               const QColor& fallback) {
    clear();
    count_ = static_cast<int>(points.size() / 2);
    const bool ribbons = ribbonWidth_ > 0;
    // A ribbon segment is two strips of two triangles each: 12 vertices; a line, 2.
    const qsizetype perSegment = ribbons ? 12 : 2;
    QByteArray vertices(static_cast<qsizetype>(count_) * perSegment * kFloatsPerVertex *
                            static_cast<qsizetype>(sizeof(float)),
                        Qt::Uninitialized);
    auto* v = reinterpret_cast<float*>(vertices.data());
    QVector3D lo(std::numeric_limits<float>::max(), std::numeric_limits<float>::max(),
                 std::numeric_limits<float>::max());
    QVector3D hi = -lo;
    const float half = ribbonWidth_ / 2;
    for (qsizetype s = 0; s < count_; ++s) {
        const QVector3D& a = points[2 * s];
        const QVector3D& b = points[2 * s + 1];
        const QColor& c = s < colors.size() ? colors[s] : fallback;
        if (!ribbons) {
            putVertex(v, a, c);
            putVertex(v, b, c);
        } else {
            const auto [u, w] = across(a, b);
            for (const QVector3D& side : {u * half, w * half})
                for (const QVector3D& p :
                     {a - side, a + side, b + side, a - side, b + side, b - side})
                    putVertex(v, p, c);
        }
        for (const QVector3D& p : {a, b}) {
            lo = QVector3D(std::min(lo.x(), p.x()), std::min(lo.y(), p.y()),
                           std::min(lo.z(), p.z()));
            hi = QVector3D(std::max(hi.x(), p.x()), std::max(hi.y(), p.y()),
                           std::max(hi.z(), p.z()));
        }
    }
    setVertexData(vertices);
    setStride(kFloatsPerVertex * sizeof(float));
    setPrimitiveType(ribbons ? PrimitiveType::Triangles : PrimitiveType::Lines);
    addAttribute(Attribute::PositionSemantic, 0, Attribute::F32Type);
    addAttribute(Attribute::ColorSemantic, 3 * sizeof(float), Attribute::F32Type);
    if (count_ > 0)
        setBounds(lo - QVector3D(half, half, half), hi + QVector3D(half, half, half));
    update();
}

} // namespace podplanner::views
