package server

import (
	"crypto/tls"
	"errors"
	"fmt"
	"sync/atomic"
)

// Certificate is a TLS certificate and key read from two PEM files, read
// again by Reload (on SIGHUP, after a renewal): connections made after a
// reload get the new certificate, those open keep theirs.
type Certificate struct {
	certFile, keyFile string
	cert              atomic.Pointer[tls.Certificate]
}

// LoadCertificate reads the certificate chain and its key.
func LoadCertificate(certFile, keyFile string) (*Certificate, error) {
	c := &Certificate{certFile: certFile, keyFile: keyFile}
	if err := c.Reload(); err != nil {
		return nil, err
	}
	return c, nil
}

// Reload reads the files again; on error the certificate in use stays.
func (c *Certificate) Reload() error {
	cert, err := tls.LoadX509KeyPair(c.certFile, c.keyFile)
	if err != nil {
		return fmt.Errorf("TLS certificate %s and key %s: %w", c.certFile, c.keyFile, err)
	}
	c.cert.Store(&cert)
	return nil
}

// Files names the certificate and key files.
func (c *Certificate) Files() (cert, key string) { return c.certFile, c.keyFile }

// TLSConfig is the server's TLS configuration: TLS 1.2 or newer, HTTP/1.1
// (the server speaks no HTTP/2), the certificate read at each handshake.
func (c *Certificate) TLSConfig() *tls.Config {
	return &tls.Config{
		MinVersion: tls.VersionTLS12,
		NextProtos: []string{"http/1.1"},
		GetCertificate: func(*tls.ClientHelloInfo) (*tls.Certificate, error) {
			if cert := c.cert.Load(); cert != nil {
				return cert, nil
			}
			return nil, errors.New("no TLS certificate loaded")
		},
	}
}
