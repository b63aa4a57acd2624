import QtQuick
import QtTest
import PodPlanner.Panels

// A dashboard card shows its caption, value and detail, and its value label is findable by the
// card's name (the GUI tests read numbers through it).
TestCase {
    id: test
    name: "MetricCard"
    when: windowShown
    width: 300
    height: 100

    Component {
        id: cardComponent
        MetricCard { objectName: "stepTime"; caption: "Step time"; value: "2.72 s"; detail: "comm 1.51 s" }
    }

    function test_valueLabelCarriesTheNumber() {
        const card = createTemporaryObject(cardComponent, test)
        const value = findChild(card, "stepTimeValue")
        verify(value)
        compare(value.text, "2.72 s")
        card.value = "3.38 s"
        compare(value.text, "3.38 s")
        verify(card.implicitWidth > 0 && card.implicitHeight > 0)
    }
}
