package attack

import (
	"bytes"
	"encoding/binary"
	"unicode/utf16"
)

// CFB wraps a stream named name in an OLE2 compound file (version 3,
// 512-byte sectors). The stream is padded to 4096 bytes so that it lives
// in regular sectors rather than the mini stream.
func CFB(name string, stream []byte) []byte {
	const secSize = 512
	data := append([]byte(nil), stream...)
	if len(data) < 4096 {
		data = append(data, make([]byte, 4096-len(data))...)
	}
	size := len(stream)
	if size < 4096 {
		size = 4096
	}
	dataSecs := (len(data) + secSize - 1) / secSize
	data = append(data, make([]byte, dataSecs*secSize-len(data))...)
	// FAT sectors first, then the directory sector, then the data.
	fatSecs := 1
	for (fatSecs+1+dataSecs+127)/128 > fatSecs {
		fatSecs++
	}
	dirSec := fatSecs
	var out bytes.Buffer
	out.Write(cfbHeader(fatSecs, dirSec))
	for _, v := range cfbFAT(fatSecs, dirSec, dataSecs) {
		binary.Write(&out, binary.LittleEndian, v)
	}
	out.Write(cfbDirectory(name, uint32(dirSec+1), uint64(size)))
	out.Write(data)
	return out.Bytes()
}

// cfbHeader is a compound file's 512-byte header with fatSecs FAT sectors
// (the first ones) and the directory in sector dirSec.
func cfbHeader(fatSecs, dirSec int) []byte {
	le := binary.LittleEndian
	header := make([]byte, 512)
	copy(header, []byte{0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1})
	le.PutUint16(header[24:], 0x003E)
	le.PutUint16(header[26:], 0x0003)
	le.PutUint16(header[28:], 0xFFFE)
	le.PutUint16(header[30:], 9)
	le.PutUint16(header[32:], 6)
	le.PutUint32(header[44:], uint32(fatSecs))
	le.PutUint32(header[48:], uint32(dirSec))
	le.PutUint32(header[56:], 4096)
	le.PutUint32(header[60:], 0xFFFFFFFE)
	le.PutUint32(header[68:], 0xFFFFFFFE)
	for i := 0; i < 109; i++ {
		v := uint32(0xFFFFFFFF)
		if i < fatSecs {
			v = uint32(i)
		}
		le.PutUint32(header[76+4*i:], v)
	}
	return header
}

// cfbFAT is the allocation table: the FAT sectors, the directory sector,
// then one chain of dataSecs sectors right after the directory.
func cfbFAT(fatSecs, dirSec, dataSecs int) []uint32 {
	firstData := dirSec + 1
	fat := make([]uint32, fatSecs*128)
	for i := range fat {
		fat[i] = 0xFFFFFFFF // free
	}
	for i := 0; i < fatSecs; i++ {
		fat[i] = 0xFFFFFFFD // FAT sector
	}
	fat[dirSec] = 0xFFFFFFFE
	for i := 0; i < dataSecs; i++ {
		if i == dataSecs-1 {
			fat[firstData+i] = 0xFFFFFFFE
		} else {
			fat[firstData+i] = uint32(firstData + i + 1)
		}
	}
	return fat
}

// cfbDirectory is the directory sector: the root entry and one stream
// named name of size bytes starting at sector start.
func cfbDirectory(name string, start uint32, size uint64) []byte {
	le := binary.LittleEndian
	dir := make([]byte, 512)
	entry := func(i int, name string, typ byte, child, start uint32, size uint64) {
		e := dir[i*128 : (i+1)*128]
		u := utf16.Encode([]rune(name))
		for k, c := range u {
			le.PutUint16(e[2*k:], c)
		}
		le.PutUint16(e[64:], uint16(2*len(u)+2))
		e[66] = typ
		e[67] = 1
		le.PutUint32(e[68:], 0xFFFFFFFF)
		le.PutUint32(e[72:], 0xFFFFFFFF)
		le.PutUint32(e[76:], child)
		le.PutUint32(e[116:], start)
		le.PutUint64(e[120:], size)
	}
	entry(0, "Root Entry", 5, 1, 0xFFFFFFFE, 0)
	entry(1, name, 2, 0xFFFFFFFF, start, size)
	for i := 2; i < 4; i++ {
		e := dir[i*128:]
		le.PutUint32(e[68:], 0xFFFFFFFF)
		le.PutUint32(e[72:], 0xFFFFFFFF)
		le.PutUint32(e[76:], 0xFFFFFFFF)
	}
	return dir
}
