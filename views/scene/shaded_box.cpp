#include "shaded_box.h"

#include <QVector3D>

#include <array>

namespace podplanner::views {

namespace {

struct Face {
    QVector3D normal, u, v; // outward normal and two edges spanning the face
    float shade;
};

// Light comes from above, slightly from the front (+z) and the left (-x).
const std::array<Face, 6> kFaces = {{
    {{0, 1, 0}, {1, 0, 0}, {0, 0, -1}, 1.00f},  // top
    {{0, -1, 0}, {1, 0, 0}, {0, 0, 1}, 0.50f},  // bottom
    {{0, 0, 1}, {1, 0, 0}, {0, 1, 0}, 0.86f},   // front
    {{0, 0, -1}, {-1, 0, 0}, {0, 1, 0}, 0.62f}, // back
    {{-1, 0, 0}, {0, 0, 1}, {0, 1, 0}, 0.76f},  // left
    {{1, 0, 0}, {0, 0, -1}, {0, 1, 0}, 0.68f},  // right
}};

// How much darker a side is at its foot than at its top.
constexpr float kFootShade = 0.78f;

} // namespace

ShadedBox::ShadedBox(QQuick3DObject* parent) : QQuick3DGeometry(parent) {
    constexpr float half = 50; // #Cube is 100 units on a side; instances scale it
    QByteArray vertices(static_cast<qsizetype>(6 * 4 * 7 * sizeof(float)), Qt::Uninitialized);
    QByteArray indices(static_cast<qsizetype>(6 * 6 * sizeof(quint16)), Qt::Uninitialized);
    auto* v = reinterpret_cast<float*>(vertices.data());
    auto* index = reinterpret_cast<quint16*>(indices.data());
    quint16 base = 0;
    for (const Face& f : kFaces) {
        // Corners counter-clockwise seen from outside.
        for (const auto& [a, b] : {std::pair{-1.f, -1.f}, {1.f, -1.f}, {1.f, 1.f}, {-1.f, 1.f}}) {
            const QVector3D p = (f.normal + f.u * a + f.v * b) * half;
            *v++ = p.x();
            *v++ = p.y();
            *v++ = p.z();
            // Soft light: a side darkens toward its foot, as in the shade of its neighbours
            // and the floor (baked per vertex, so it costs nothing per pixel).
            const float shade = f.normal.y() == 0 && b < 0 ? f.shade * kFootShade : f.shade;
            *v++ = shade;
            *v++ = shade;
            *v++ = shade;
            *v++ = 1.0f;
        }
        for (quint16 i : {0, 1, 2, 0, 2, 3})
            *index++ = static_cast<quint16>(base + i);
        base = static_cast<quint16>(base + 4);
    }
    setVertexData(vertices);
    setIndexData(indices);
    setStride(7 * sizeof(float));
    setPrimitiveType(PrimitiveType::Triangles);
    addAttribute(Attribute::PositionSemantic, 0, Attribute::F32Type);
    addAttribute(Attribute::ColorSemantic, 3 * sizeof(float), Attribute::F32Type);
    addAttribute(Attribute::IndexSemantic, 0, Attribute::U16Type);
    setBounds({-half, -half, -half}, {half, half, half});
}

} // namespace podplanner::views
